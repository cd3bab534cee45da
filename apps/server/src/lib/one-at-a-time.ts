import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Runs a task; see `oneTurnEach`. */
export type Schedule = <T>(task: () => Promise<T>) => Promise<T>;

/** Runs each task at once (the default: plain `Promise.all` behaviour). */
export const immediately: Schedule = (task) => task();

/**
 * Runs the tasks given to it one after another, each in its own turn of the event loop. SQLite
 * queries are synchronous under their promises: a dozen ~10 ms aggregate queries started together
 * hold every incoming request for their sum; this way a request waits for one query at most.
 */
export function oneTurnEach(): Schedule {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = chain.then(() => yieldToEventLoop()).then(task);
    chain = run.catch(() => {});
    return run;
  };
}
