import { useEffect, useState } from 'react';

type Job = () => void;
let queue: Job[] = [];
let pumping = false;

function pump(): void {
  const job = queue.shift();
  if (!job) {
    pumping = false;
    return;
  }
  job();
  // One job per task: the browser gets a frame between two charts instead of one long task.
  setTimeout(pump, 16);
}

function enqueue(job: Job): () => void {
  queue.push(job);
  if (!pumping) {
    pumping = true;
    setTimeout(pump, 0);
  }
  return () => {
    queue = queue.filter((queued) => queued !== job);
  };
}

/** Becomes true some tasks after `wanted` does, one component at a time (heavy mounts like charts). */
export function useStaggeredMount(wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    return enqueue(() => setReady(true));
  }, [wanted, ready]);
  return ready;
}
