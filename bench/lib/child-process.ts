import type { ChildProcess } from 'node:child_process';

const START_TIMEOUT_MS = 90_000;

/**
 * Polls `probe` until it says yes. Throws, with the child's output, if the child exits first or does
 * not answer within 90 s: a bench must not wait forever on a server that failed to start.
 */
export async function waitUntilUp(
  child: ChildProcess,
  what: string,
  probe: () => Promise<boolean>,
  output: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} terminou (código ${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${what} não respondeu em 90 s:\n${output()}`);
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, then waits until the child has exited (at once if it already has). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Keeps the last `chars` characters of a piped child's stdout and stderr, for an error message. */
export function keepOutput(child: ChildProcess, chars: number): () => string {
  let kept = '';
  const append = (chunk: Buffer) => {
    kept = (kept + chunk.toString()).slice(-chars);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => kept;
}
