/** Promises still running, tracked so that a later step (a response, the close) can wait for them. */
export function pendingPromises() {
  const pending = new Set<Promise<unknown>>();
  return {
    track<T>(promise: Promise<T>): Promise<T> {
      pending.add(promise);
      const done = () => pending.delete(promise);
      promise.then(done, done);
      return promise;
    },
    /** Resolves once every promise tracked so far has settled (at once when none is running). */
    async settled(): Promise<void> {
      if (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
