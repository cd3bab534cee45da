/**
 * Calls `send(0 … total − 1)` on a fixed schedule of `rate` per second, not waiting for answers
 * (open loop: a slow server does not slow the offered load), catching up when a tick was late.
 * `midway` runs once half of them are sent. Resolves with the start (`performance.now()`) once all are sent.
 */
export async function sendOpenLoop(
  total: number,
  rate: number,
  send: (seq: number) => void,
  midway?: () => void,
): Promise<number> {
  const started = performance.now();
  let seq = 0;
  let halfway = false;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (seq < due) send(seq++);
      if (!halfway && seq >= total / 2) {
        halfway = true;
        midway?.();
      }
      if (seq >= total) {
        clearInterval(timer);
        done();
      }
    }, 2);
  });
  return started;
}
