import { LIMITS } from '@atende/contracts';
import { useEffect, useRef } from 'react';

/** A 500 ms touch-hold fires `onHold`; moving or lifting the finger earlier cancels it. */
export function useTouchHold(onHold: () => void, delayMs: number = LIMITS.touchHoldMs) {
  const timer = useRef<number | null>(null);
  const cancel = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  return {
    onTouchStart: () => {
      cancel();
      timer.current = window.setTimeout(() => {
        timer.current = null;
        onHold();
      }, delayMs);
    },
    onTouchEnd: cancel,
    onTouchMove: cancel,
    onTouchCancel: cancel,
  };
}
