/** PostgreSQL's codes for a transaction it rolled back to break a deadlock or a serialization conflict. */
const RETRYABLE = new Set(['40P01', '40001']);

export function isRetryableConflict(err: unknown): boolean {
  return RETRYABLE.has((err as { code?: unknown } | null)?.code as string);
}

/**
 * Runs a whole transaction again when PostgreSQL rolled it back to break a deadlock, as its manual
 * advises: the work must start its transaction itself and be safe to run again (it was rolled back).
 * A long transaction over many tables (an erasure) can meet the short writers in another order.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isRetryableConflict(err)) throw err;
    }
  }
}
