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
  /** Phone numbers a pairing code was asked for; the code each got. */
  readonly pairingRequests: string[] = [];
  pairingCode = 'K7QW3MZP';
  /** Keys marked read (`readMessages`) and presence updates sent, in order. */
  readonly read: Array<{ remoteJid?: string | null; id?: string | null; fromMe?: boolean | null }> = [];
  readonly presence: Array<{ type: string; jid?: string }> = [];

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

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    return this.pairingCode;
  }

  async readMessages(
    keys: Array<{ remoteJid?: string | null; id?: string | null; fromMe?: boolean | null }>,
  ) {
    this.read.push(...keys);
  }

  async sendPresenceUpdate(type: string, jid?: string): Promise<void> {
    this.presence.push({ type, ...(jid ? { jid } : {}) });
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
