/** Attempts per delivery: the first, then retries 15 s × 4ⁿ apart (15 s, 1 min, 4 min … 17 h). */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 15_000;
const FACTOR = 4;

/**
 * How long after attempt number `attempt` (1-based) failed the next one runs, or null after the last.
 * The seven waits add up to 22 h 45 min: an endpoint down for most of a day still gets its events.
 */
export function retryDelay(attempt: number): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return FIRST_RETRY_MS * FACTOR ** (attempt - 1);
}

/** An endpoint whose every attempt failed for this long is disabled (and the admins told). */
export const DISABLE_AFTER_FAILING_MS = 24 * 60 * 60 * 1000;
