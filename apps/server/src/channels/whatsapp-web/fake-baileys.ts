import { EventEmitter } from 'node:events';

/**
 * A stand-in for a Baileys socket in contract tests: the channel subscribes to `ev` exactly as on a
 * real socket; the test emits events in Baileys' own shapes (fixtures.ts) and reads what was sent.
 */
export class FakeBaileysSocket {
  readonly ev = new EventEmitter();
  user: { id: string } | undefined;
  readonly sent: Array<{ jid: string; content: Record<string, unknown>; options?: Record<string, unknown> }> =
    [];
  ended = false;
  loggedOut = false;

  constructor(readonly config: Record<string, unknown>) {}

  emit(event: string, payload: unknown): void {
    this.ev.emit(event, payload);
  }

  end(): void {
    this.ended = true;
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
  }

  async sendMessage(jid: string, content: Record<string, unknown>, options?: Record<string, unknown>) {
    this.sent.push({ jid, content, ...(options ? { options } : {}) });
    return undefined;
  }

  signalRepository = {
    lidMapping: { getPNForLID: async (_lid: string): Promise<string | null> => null },
  };
}

/** Every socket the channel built, newest last. */
export function fakeSocketFactory() {
  const sockets: FakeBaileysSocket[] = [];
  const factory = (config: Record<string, unknown>) => {
    const socket = new FakeBaileysSocket(config);
    sockets.push(socket);
    return socket;
  };
  return { sockets, factory, latest: () => sockets.at(-1) as FakeBaileysSocket };
}
