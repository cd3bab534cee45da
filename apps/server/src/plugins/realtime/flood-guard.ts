export interface FloodLimits {
  /** Events accepted per window; more are dropped. */
  perWindow: number;
  /** Events in one window that get the socket disconnected. */
  disconnectAt: number;
  windowMs: number;
}

export const DEFAULT_FLOOD_LIMITS: FloodLimits = { perWindow: 30, disconnectAt: 120, windowMs: 1000 };

/** Fixed-window event counter for one socket. */
export function createFloodGuard(limits: FloodLimits = DEFAULT_FLOOD_LIMITS, clock = () => Date.now()) {
  let windowStart = clock();
  let count = 0;
  return {
    /** 'ok' to process, 'drop' to ignore the event, 'disconnect' to drop the socket. */
    hit(): 'ok' | 'drop' | 'disconnect' {
      const at = clock();
      if (at - windowStart >= limits.windowMs) {
        windowStart = at;
        count = 0;
      }
      count += 1;
      if (count >= limits.disconnectAt) return 'disconnect';
      return count > limits.perWindow ? 'drop' : 'ok';
    },
  };
}
