import type { ChildProcess } from 'node:child_process';
import { vi } from 'vitest';

/**
 * Polls `url` until it answers 2xx; fails at once if `child` exits first, or after `timeoutMs` (the
 * message carries `output()`, the child's log).
 */
export async function waitForServer(
  url: string,
  child: ChildProcess,
  output: () => string,
  { timeoutMs = 90_000, interval = 250 } = {},
): Promise<void> {
  try {
    await vi.waitFor(
      async () => {
        // An exited child ends the wait; it is reported below.
        if (child.exitCode !== null) return;
        const response = await fetch(url);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      },
      { timeout: timeoutMs, interval },
    );
  } catch {
    throw new Error(`O servidor não respondeu em ${timeoutMs / 1000} s:\n${output()}`);
  }
  if (child.exitCode !== null) {
    throw new Error(`O servidor terminou (código ${child.exitCode}) antes de responder:\n${output()}`);
  }
}
