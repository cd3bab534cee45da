import { useEffect, useRef } from 'react';
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
  const lower = key.toLowerCase();
  return NAV_ITEMS.find((item) => item.shortcut === lower || item.aliases?.includes(lower))?.to ?? null;
}

/** Whether a key press asks for the command palette: ⌘K on a Mac, Ctrl+K elsewhere. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey'>) {
  return (event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

export interface ShortcutHandlers {
  /** ⌘K / Ctrl+K, even while typing. */
  onPalette?: () => void;
  /** "?" outside a text field: the list of shortcuts. */
  onHelp?: () => void;
}

/** g→d, g→c (or g→a), g→u, g→t, g→i, g→s; "?" and ⌘K. Ignored while typing or with modifier keys. */
export function useNavShortcuts(handlers: ShortcutHandlers = {}): void {
  const navigate = useNavigate();
  // The latest handlers without re-binding the listener (and losing a half-typed g-sequence).
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let armedAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (isPaletteShortcut(event) && latest.current.onPalette) {
        event.preventDefault();
        latest.current.onPalette();
        return;
      }
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === '?' && latest.current.onHelp) {
        event.preventDefault();
        armedAt = 0;
        latest.current.onHelp();
        return;
      }
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
