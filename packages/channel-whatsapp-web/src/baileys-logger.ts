import type { ChannelLogger as Logger } from '@atende/contracts';
import type { SocketConfig } from '@whiskeysockets/baileys';

type ILogger = SocketConfig['logger'];

/**
 * Baileys' logger, reduced to warnings and errors with their message only: its debug objects carry
 * keys, creds and message contents, which must never reach our logs.
 */
export function baileysLogger(logger: Logger, bindings: Record<string, unknown> = {}): ILogger {
  const message = (obj: unknown, msg?: string) => {
    if (msg) return msg;
    if (typeof obj === 'string') return obj;
    const err = (obj as { err?: { message?: unknown } } | null)?.err;
    return typeof err?.message === 'string' ? err.message : 'baileys';
  };
  const silent = () => {};
  return {
    level: 'warn',
    child: (more) => baileysLogger(logger, { ...bindings, ...pick(more) }),
    trace: silent,
    debug: silent,
    info: silent,
    warn: (obj, msg) => logger.warn({ ...bindings, source: 'baileys' }, message(obj, msg)),
    error: (obj, msg) => logger.error({ ...bindings, source: 'baileys' }, message(obj, msg)),
  };
}

/** Only the harmless string bindings Baileys adds to child loggers (class names, streams). */
function pick(bindings: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(bindings)) {
    if (typeof value === 'string' && value.length < 40 && !/key|cred|secret|token|noise/i.test(key)) {
      kept[key] = value;
    }
  }
  return kept;
}
