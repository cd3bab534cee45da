import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

/**
 * Vitest setup file (server, web, contracts): a `console.error` nobody expected fails the test that
 * caused it, so React warnings and logged failures cannot pass silently. A test that expects one
 * replaces it first: `vi.spyOn(console, 'error').mockImplementation(() => {})` and asserts the call.
 */
const original = console.error.bind(console);
let unexpected: string[] = [];

console.error = (...args: unknown[]) => {
  unexpected.push(format(...args));
  original(...args);
};

function failOnUnexpected(when: string): void {
  if (unexpected.length === 0) return;
  const logged = unexpected;
  unexpected = [];
  throw new Error(
    `unexpected console.error ${when} (${logged.length}×); if it is expected, stub it with vi.spyOn(console, 'error'):\n` +
      logged.map((line) => `  ${line.split('\n')[0]}`).join('\n'),
  );
}

afterEach(() => failOnUnexpected('in this test'));
afterAll(() => failOnUnexpected('outside a test (beforeAll/afterAll)'));
