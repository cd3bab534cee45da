import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { NAV_ITEMS } from './nav-items';

const SEQUENCE_WINDOW_MS = 1000;

/** True while the user types somewhere: shortcuts must not steal keystrokes. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Maps a g-then-key sequence to a route, or null. */
export function shortcutTarget(key: string): string | null {
  return NAV_ITEMS.find((item) => item.shortcut === key.toLowerCase())?.to ?? null;
}

/** g→d, g→c, g→u, g→s; ignored while typing or with modifier keys. */
export function useNavShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    let armedAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      const key = event.key.toLowerCase();
      if (armedAt && Date.now() - armedAt <= SEQUENCE_WINDOW_MS) {
        armedAt = 0;
        const to = shortcutTarget(key);
        if (to) {
          event.preventDefault();
          navigate(to);
          return;
        }
      }
      armedAt = key === 'g' ? Date.now() : 0;
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}
