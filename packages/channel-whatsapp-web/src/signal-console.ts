import type { ChannelLogger } from '@atende/contracts';

/**
 * libsignal (Baileys' Signal protocol) writes straight to `console`, and some of its lines dump a
 * whole session — root key, chain keys, the ephemeral private key ("Closing session:", "Opening
 * session:", "Removing old closed session:"). It takes no logger. So while a linked device runs, the
 * global `console` is a proxy of itself that recognises libsignal's lines by their fixed first words
 * and hands only those words to our logger, never the objects after them; every other call goes to the
 * console as it was. Installed by the first running channel, removed when the last one stops.
 */

/** How each of libsignal 6's console lines begins (src/session_record.js, session_builder.js, …). */
const LIBSIGNAL_LINES = [
  'Closing session',
  'Opening session',
  'Removing old closed session',
  'Session already closed',
  'Session already open',
  'Migrating session to',
  'Closing open session in favor of incoming prekey bundle',
  'Closing stale open session',
  'Decrypted message with closed session',
  'Failed to decrypt message with any known session',
  'Session error',
  'V1 session storage migration error',
  'Unhandled bucket type',
  'WARNING: Expected pubkey',
] as const;

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
type Method = (typeof METHODS)[number];

/** The fixed words a libsignal line starts with, or null when the call is not libsignal's. */
export function libsignalLine(args: readonly unknown[]): string | null {
  const first = args[0];
  if (typeof first !== 'string') return null;
  return LIBSIGNAL_LINES.find((line) => first.startsWith(line)) ?? null;
}

let installed: { original: Console; proxy: Console } | null = null;
/** One entry per holder (two channels may share a logger). */
const holders: ChannelLogger[] = [];

function forward(method: Method, line: string): void {
  const logger = holders[0];
  if (!logger) return;
  // What libsignal said, in its own words only: a decrypt failure is worth seeing; its keys are not.
  const level = method === 'error' || method === 'warn' ? 'warn' : 'info';
  logger[level]({ source: 'libsignal' }, line);
}

/**
 * Keeps libsignal's session dumps out of the process output while the returned function is not called.
 * Every holder's release is needed before `console` is the original again.
 */
export function holdSignalConsole(logger: ChannelLogger): () => void {
  holders.push(logger);
  if (!installed) {
    const original = globalThis.console;
    const filtered = new Map<PropertyKey, unknown>(
      METHODS.map((method) => [
        method,
        (...args: unknown[]) => {
          const line = libsignalLine(args);
          if (line) forward(method, line);
          else original[method](...args);
        },
      ]),
    );
    const proxy = new Proxy(original, {
      get: (target, property, receiver) =>
        filtered.has(property) ? filtered.get(property) : Reflect.get(target, property, receiver),
    });
    installed = { original, proxy };
    globalThis.console = proxy;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders.splice(holders.indexOf(logger), 1);
    if (holders.length > 0 || !installed) return;
    // Put back only our own proxy: whatever replaced it since stays.
    if (globalThis.console === installed.proxy) globalThis.console = installed.original;
    installed = null;
  };
}
