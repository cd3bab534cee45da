import { type Command, Redis, type RedisOptions } from 'ioredis';

/**
 * Commands the streams adapter sends without awaiting them: a dropped socket's session saved for its
 * recovery (SET), a question to the other instances (PUBLISH).
 */
const UNAWAITED: ReadonlySet<string> = new Set(['set', 'publish']);

/**
 * The client the realtime adapter writes with. With Redis away, a command nobody awaits would fail
 * unhandled, and the server shuts down on an unhandled rejection: those two get an owner that reports
 * the failure. A caller awaiting one of them still sees it fail.
 */
export class AdapterRedisClient extends Redis {
  constructor(
    url: string,
    options: RedisOptions & { replyMapping?: 'legacy' },
    private readonly onLost: (err: unknown, command: string) => void,
  ) {
    super(url, options);
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const sent = super.sendCommand(command, stream);
    if (UNAWAITED.has(command.name)) command.promise.catch((err: unknown) => this.onLost(err, command.name));
    return sent;
  }
}
