import { type RefObject, useEffect, useSyncExternalStore } from 'react';

/** How far down the viewport (px) each registered element reaches: toasts stay below all of them. */
const bottoms = new Map<object, number>();
const listeners = new Set<() => void>();
let lowest = 0;

function recompute(): void {
  const next = Math.max(0, ...bottoms.values());
  if (next === lowest) return;
  lowest = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps the toasts below this element while it is on screen: a bar of controls near the top-right
 * corner (the chat header's call buttons) that a toast must never cover.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const key = {};
    const measure = () => {
      bottoms.set(key, element.getBoundingClientRect().bottom);
      recompute();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
      bottoms.delete(key);
      recompute();
    };
  }, [ref]);
}

/** The lowest edge (px from the top) the toasts must stay below; 0 when nothing asks. */
export function useToastClearanceTop(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => lowest,
    () => 0,
  );
}
