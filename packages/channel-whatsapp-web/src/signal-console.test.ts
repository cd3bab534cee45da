import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdSignalConsole, libsignalLine } from './signal-console.js';

const script = fileURLToPath(new URL('../test-support/libsignal-session.ts', import.meta.url));

/** Runs a real libsignal session open and close in a child process: its output and the keys it held. */
function runSession(mode: 'wrapped' | 'bare'): Promise<{ output: string; keys: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, mode], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    let keys: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('message', (message: { keys: string[] }) => {
      keys = message.keys;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve({ output, keys }) : reject(new Error(`exit ${code}: ${output}`)),
    );
  });
}

/** Each key as it could be printed: base64, hex, and util.inspect's spaced hex of a Buffer. */
function leaked(output: string, keys: readonly string[]): string[] {
  return keys.filter((key) => {
    const bytes = Buffer.from(key, 'base64');
    const hex = bytes.toString('hex');
    const spaced = hex.slice(0, 24).match(/../g)?.join(' ') ?? hex;
    return output.includes(key) || output.includes(hex) || output.includes(spaced);
  });
}

describe('libsignal console output', () => {
  it('without the guard, a session open and close prints its keys (the leak this prevents)', async () => {
    const { output, keys } = await runSession('bare');
    expect(keys.length).toBeGreaterThan(5);
    expect(output).toContain('Closing session:');
    expect(leaked(output, keys).length).toBeGreaterThan(0);
  }, 60_000);

  it('with the guard, no key reaches stdout or stderr; the line itself goes to our logger', async () => {
    const { output, keys } = await runSession('wrapped');
    expect(keys.length).toBeGreaterThan(5);
    expect(leaked(output, keys)).toEqual([]);
    expect(output).not.toContain('SessionEntry');
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { source: string; msg: string });
    expect(logged).toContainEqual(expect.objectContaining({ source: 'libsignal', msg: 'Closing session' }));
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'Closing open session in favor of incoming prekey bundle' }),
    );
  }, 60_000);
});

describe('holdSignalConsole', () => {
  const original = globalThis.console;
  afterEach(() => {
    globalThis.console = original;
  });

  it('recognises libsignal lines by their first words only', () => {
    expect(libsignalLine(['Closing session:', { rootKey: 1 }])).toBe('Closing session');
    expect(libsignalLine(['Session error:Error: Bad MAC', 'stack'])).toBe('Session error');
    expect(libsignalLine(['Servidor ouvindo em', 3000])).toBeNull();
    expect(libsignalLine([{ 'Closing session': true }])).toBeNull();
  });

  it('passes every other call through, and gives console back after the last holder', () => {
    const infos: unknown[][] = [];
    globalThis.console = Object.assign(Object.create(original) as Console, {
      info: (...args: unknown[]) => infos.push(args),
    });
    const before = globalThis.console;
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const releaseA = holdSignalConsole(logger);
    const releaseB = holdSignalConsole(logger);
    console.info('Opening session:', { privKey: 'segredo' });
    console.info('pedido', 42);
    expect(infos).toEqual([['pedido', 42]]);
    expect(logger.info).toHaveBeenCalledWith({ source: 'libsignal' }, 'Opening session');
    releaseA();
    expect(globalThis.console).not.toBe(before);
    releaseB();
    releaseB();
    expect(globalThis.console).toBe(before);
  });
});
