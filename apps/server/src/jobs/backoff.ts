/** Delay before retry number `attempt` (1-based): base·2^(attempt−1), capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 30));
}
