/**
 * Runs work one at a time per key, in the order it was asked for; different keys run side by side.
 * A failed piece of work does not stop the next one of its key.
 */
export function keyedSequence(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<void>>();
  return (key, work) => {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.then(work);
    const tail = run.then(
      () => {},
      () => {},
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
