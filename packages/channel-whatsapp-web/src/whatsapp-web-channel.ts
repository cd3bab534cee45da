import type {
  AuthKeyStore,
  ChannelSink,
  ChannelStatus,
  InboundMessage,
  ChannelLogger as Logger,
  MediaSaver,
  SentMessages,
  StatusTransition,
} from '@atende/contracts';
import makeWASocket, {
  type AnyMessageContent,
  Browsers,
  type ConnectionState,
  downloadMediaMessage,
  jidDecode,
  type MiscMessageGenerationOptions,
  makeCacheableSignalKeyStore,
  type proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import { useDatabaseAuthState } from './auth-state.js';
import { baileysLogger } from './baileys-logger.js';
import {
  type ConnectionProblem,
  closeStatusCode,
  decideOnClose,
  PROBLEM_MESSAGES,
} from './connection-policy.js';
import { type Identity, identityOf, isIgnoredJid, recipientJid } from './jid.js';
import { mapInbound, mapReceipt } from './map-inbound.js';

/** The part of a Baileys socket the channel uses (a fake in contract tests). */
export interface SocketLike {
  ev: { on(event: string, listener: (payload: never) => void): void };
  user?: { id: string } | undefined;
  end(error: Error | undefined): void;
  logout(message?: string): Promise<void>;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  signalRepository?: { lidMapping?: { getPNForLID(lid: string): Promise<string | null> } };
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
}

export type SocketFactory = (config: UserFacingSocketConfig) => SocketLike;

export interface WhatsappWebOptions {
  sink: ChannelSink;
  auth: AuthKeyStore;
  media: MediaSaver;
  sent: SentMessages;
  logger: Logger;
  /** The WhatsApp Web version announced at connect (pinned in config; 405 means it is out of date). */
  version: [number, number, number];
  /** Error thrown by a send while not connected (the server's ChannelUnavailableError). */
  unavailable: () => Error;
  /** Defaults to Baileys' makeWASocket; tests pass a fake socket. */
  socketFactory?: SocketFactory;
  /** Test-only: where the WebSocket connects (a local server). */
  webSocketUrl?: string;
  /**
   * The undici dispatcher every media download goes through (the server's SSRF-safe one, limited to
   * WhatsApp's media hosts): the URL and host come from the message, which the sender controls.
   */
  mediaDispatcher: unknown;
  /** Contract tests: downloads a message's media without the network (instead of Baileys'). */
  download?: (message: WAMessage, socket: SocketLike) => Promise<Uint8Array>;
  now?: () => number;
}

type Patch = Partial<ChannelStatus>;

const INITIAL: ChannelStatus = {
  connected: false,
  qr: null,
  state: 'disconnected',
  channel: 'whatsapp-web',
  phone: null,
  pairingCode: null,
  reason: null,
  problem: null,
  nextAttemptAt: null,
};

/**
 * The linked-device channel (Baileys). One live socket at a time: every close destroys it and a
 * reconnect builds a fresh one. Close codes follow `decideOnClose`. Events are handled one at a time,
 * in the order Baileys emits them.
 */
export class WhatsappWebChannel {
  readonly kind = 'whatsapp-web' as const;
  private current: ChannelStatus = { ...INITIAL };
  private socket: SocketLike | null = null;
  /** Bumped on every new socket: events of an older socket are ignored. */
  private generation = 0;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private queue: Promise<void> = Promise.resolve();
  /** LID → phone pairs seen (keys' alt JIDs, `lid-mapping.update`). */
  private readonly lidToPhone = new Map<string, string>();
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(private readonly options: WhatsappWebOptions) {
    this.log = options.logger;
    this.now = options.now ?? Date.now;
  }

  status(): ChannelStatus {
    return { ...this.current };
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearRetry();
    this.dropSocket();
    await this.queue;
    if (this.current.state !== 'disconnected' || this.current.connected) {
      this.transition({ kind: 'disconnected', reason: 'stopped' }, { ...INITIAL });
    }
  }

  /** Drops the connection and connects again (also clears a stop on 440/403/405: the operator asked). */
  async reconnect(): Promise<void> {
    this.stopped = false;
    this.clearRetry();
    this.failures = 0;
    this.dropSocket();
    this.transition({ kind: 'disconnected', reason: 'reconnect' }, { ...INITIAL });
    await this.connect();
  }

  /** Logs the linked device out (it disappears from the phone's list) and shows a fresh QR. */
  async logout(): Promise<void> {
    const socket = this.socket;
    this.clearRetry();
    if (socket && this.current.connected) {
      // Baileys closes the socket with 401 after this; that close is ours, not the phone's.
      this.generation += 1;
      await socket
        .logout()
        .catch((error: unknown) => this.log.warn({ err: describe(error) }, 'logout failed'));
    }
    this.dropSocket();
    await this.options.auth.clear();
    this.transition({ kind: 'disconnected', reason: 'logged_out' }, { ...INITIAL });
    this.stopped = false;
    await this.connect();
  }

  async sendText(input: {
    to: string;
    lid?: string | null | undefined;
    text: string;
    providerMessageId: string;
    quotedProviderMessageId?: string | null | undefined;
  }): Promise<void> {
    const socket = this.requireSocket();
    const jid = recipientJid(input.to, input.lid);
    const quoted = input.quotedProviderMessageId
      ? await this.quotedMessage(jid, input.quotedProviderMessageId)
      : undefined;
    await socket.sendMessage(
      jid,
      { text: input.text },
      { messageId: input.providerMessageId, ...(quoted ? { quoted } : {}) },
    );
  }

  async sendReaction(input: {
    to: string;
    lid?: string | null | undefined;
    targetProviderMessageId: string;
    emoji: string | null;
  }): Promise<void> {
    const socket = this.requireSocket();
    const jid = recipientJid(input.to, input.lid);
    const ours = await this.options.sent.find(input.targetProviderMessageId);
    await socket.sendMessage(jid, {
      react: {
        text: input.emoji ?? '',
        key: { remoteJid: jid, id: input.targetProviderMessageId, fromMe: Boolean(ours) },
      },
    });
  }

  private requireSocket(): SocketLike {
    if (!this.socket || !this.current.connected) throw this.options.unavailable();
    return this.socket;
  }

  private async quotedMessage(jid: string, id: string): Promise<WAMessage> {
    const ours = await this.options.sent.find(id);
    return {
      key: { remoteJid: jid, id, fromMe: Boolean(ours) },
      message: { conversation: ours?.text ?? '' },
    };
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.clearRetry();
    this.dropSocket();
    const generation = ++this.generation;
    this.transition(
      { kind: 'connecting' },
      { state: 'connecting', connected: false, qr: null, nextAttemptAt: null },
    );
    const auth = await useDatabaseAuthState(this.options.auth);
    if (generation !== this.generation || this.stopped) return;
    const logger = baileysLogger(this.log);
    const factory = this.options.socketFactory ?? (makeWASocket as unknown as SocketFactory);
    const socket = factory({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, logger) },
      version: this.options.version,
      logger,
      browser: Browsers.ubuntu('Atende'),
      markOnlineOnConnect: false,
      // History sync stays on (Baileys learns LID ↔ phone pairs from it) but its messages are never
      // ingested: the agent must not answer old conversations.
      syncFullHistory: false,
      shouldIgnoreJid: (jid) => isIgnoredJid(jid),
      getMessage: async (key) => this.storedMessage(key),
      ...(this.options.webSocketUrl ? { waWebSocketUrl: this.options.webSocketUrl } : {}),
    });
    this.socket = socket;
    const on = <T>(event: string, handler: (payload: T) => Promise<void> | void) => {
      socket.ev.on(event, ((payload: T) => {
        if (generation !== this.generation) return;
        this.enqueue(() => handler(payload));
      }) as (payload: never) => void);
    };
    on<Partial<ConnectionState>>('connection.update', (update) =>
      this.onConnectionUpdate(update, generation),
    );
    on('creds.update', () => auth.saveCreds());
    on<{ messages: WAMessage[]; type: string }>('messages.upsert', (upsert) =>
      this.onUpsert(upsert.messages),
    );
    on<WAMessageUpdate[]>('messages.update', (updates) => this.onReceipts(updates));
    on<Array<{ key: WAMessageKey; reaction: proto.IReaction }>>('messages.reaction', (reactions) =>
      this.onReactions(reactions),
    );
    on<{ lid: string; pn: string }>('lid-mapping.update', (pair) => this.rememberPairs([pair]));
    on<{ lidPnMappings?: Array<{ lid: string; pn: string }> }>('messaging-history.set', (history) =>
      this.rememberPairs(history.lidPnMappings ?? []),
    );
  }

  private enqueue(work: () => Promise<void> | void): void {
    this.queue = this.queue
      .then(work)
      .catch((error: unknown) => this.log.error({ err: describe(error) }, 'whatsapp-web event failed'));
  }

  private onConnectionUpdate(update: Partial<ConnectionState>, generation: number): void {
    if (update.qr) {
      this.transition(
        { kind: 'qr', qr: update.qr },
        {
          state: 'qr',
          connected: false,
          qr: update.qr,
          problem: this.current.problem === 'logged_out' ? 'logged_out' : null,
          reason: this.current.problem === 'logged_out' ? this.current.reason : null,
        },
      );
    }
    if (update.connection === 'open') {
      this.failures = 0;
      const phone = jidDecode(this.socket?.user?.id)?.user ?? null;
      this.transition(
        { kind: 'ready', phone },
        {
          state: 'connected',
          connected: true,
          qr: null,
          phone,
          problem: null,
          reason: null,
          nextAttemptAt: null,
        },
      );
    }
    if (update.connection === 'close') this.onClose(update.lastDisconnect?.error, generation);
  }

  private onClose(error: unknown, generation: number): void {
    if (generation !== this.generation) return;
    // A closed socket is dead: anything it still emits is ignored.
    this.generation += 1;
    this.socket = null;
    const code = closeStatusCode(error);
    const decision = decideOnClose(code, this.failures);
    this.log.warn(
      { code, action: decision.action, problem: decision.problem },
      'whatsapp-web connection closed',
    );
    if (this.stopped) return;
    if (decision.action === 'logout') {
      this.transition(
        { kind: 'disconnected', reason: decision.problem },
        { ...INITIAL, problem: decision.problem, reason: PROBLEM_MESSAGES.logged_out },
      );
      this.enqueue(async () => {
        await this.options.auth.clear();
        await this.connect();
      });
      return;
    }
    if (decision.action === 'stop') {
      this.transition(
        { kind: 'disconnected', reason: decision.problem },
        { ...INITIAL, problem: decision.problem, reason: PROBLEM_MESSAGES[decision.problem] },
      );
      return;
    }
    if (decision.delayMs === 0) {
      this.transition(
        { kind: 'disconnected', reason: 'restart_required' },
        { ...INITIAL, state: 'connecting' },
      );
      this.enqueue(() => this.connect());
      return;
    }
    this.failures += 1;
    const at = this.now() + decision.delayMs;
    this.transition(
      { kind: 'disconnected', reason: decision.problem },
      {
        ...INITIAL,
        phone: this.current.phone,
        problem: decision.problem,
        reason: `${PROBLEM_MESSAGES.unreachable}${code ? ` (código ${code})` : ''}`,
        nextAttemptAt: new Date(at).toISOString(),
      },
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.enqueue(() => this.connect());
    }, decision.delayMs);
    this.retryTimer.unref?.();
  }

  private async onUpsert(messages: WAMessage[]): Promise<void> {
    for (const message of messages) {
      const mapped = mapInbound(message);
      if (mapped.kind === 'ignore') continue;
      const key = message.key as WAMessageKey & { remoteJidAlt?: string };
      this.rememberIdentity(mapped.identity);
      let sender: InboundMessage['sender'] = 'client';
      if (mapped.fromMe) {
        // Our own send echoed back (stored before sending): nothing to do.
        if (await this.options.sent.find(mapped.message.providerMessageId)) continue;
        sender = 'phone';
      }
      const identity = await this.resolve(mapped.identity, key.remoteJid ?? '');
      const media = mapped.media ? await this.saveMedia(message, mapped.media) : null;
      await this.options.sink.onInboundMessage({
        ...mapped.message,
        phone: identity.phone ?? identity.lid ?? '',
        lid: identity.lid ?? undefined,
        sender,
        ...(media ?? {}),
      });
    }
  }

  private async saveMedia(
    message: WAMessage,
    pending: { mimeType: string | undefined; fileName: string | undefined },
  ): Promise<Pick<InboundMessage, 'mediaUrl' | 'mediaMimeType' | 'mediaId' | 'fileName'> | null> {
    const socket = this.socket;
    if (!socket) return null;
    try {
      const download =
        this.options.download ??
        ((msg: WAMessage, sock: SocketLike) =>
          downloadMediaMessage(
            msg,
            'buffer',
            // Baileys hands `options` to Node's fetch, which takes an undici dispatcher.
            { options: { dispatcher: this.options.mediaDispatcher } as RequestInit },
            {
              logger: baileysLogger(this.log),
              reuploadRequest: (m) =>
                sock.updateMediaMessage ? sock.updateMediaMessage(m) : Promise.resolve(m),
            },
          ));
      const bytes = await download(message, socket);
      const saved = await this.options.media.save({
        bytes,
        ...(pending.mimeType ? { declaredMimeType: pending.mimeType } : {}),
        ...(pending.fileName ? { fileName: pending.fileName } : {}),
      });
      return {
        mediaUrl: saved.url,
        mediaMimeType: saved.mimeType,
        mediaId: saved.id,
        fileName: saved.fileName ?? undefined,
      };
    } catch (error) {
      // The message is still stored (with its placeholder text); only the file is missing.
      this.log.warn({ err: describe(error), id: message.key?.id }, 'whatsapp-web media not stored');
      return null;
    }
  }

  private async onReceipts(updates: WAMessageUpdate[]): Promise<void> {
    for (const { key, update } of updates) {
      if (!key?.id || !key.fromMe || isIgnoredJid(key.remoteJid)) continue;
      const status = mapReceipt(update?.status);
      if (!status) continue;
      await this.options.sink.onDeliveryStatus({ providerMessageId: key.id, status });
    }
  }

  private async onReactions(
    reactions: Array<{ key: WAMessageKey; reaction: proto.IReaction }>,
  ): Promise<void> {
    for (const { key, reaction } of reactions) {
      const by = reaction.key as (WAMessageKey & { remoteJidAlt?: string }) | null | undefined;
      // Our own reactions (from here or typed on the phone) are not the customer's.
      if (!key?.id || !by || by.fromMe || isIgnoredJid(by.remoteJid)) continue;
      const identity = await this.resolve(
        identityOf(by.remoteJid ?? '', by.remoteJidAlt),
        by.remoteJid ?? '',
      );
      await this.options.sink.onInboundReaction({
        phone: identity.phone ?? identity.lid ?? '',
        lid: identity.lid ?? undefined,
        targetProviderMessageId: key.id,
        emoji: reaction.text ? reaction.text : null,
      });
    }
  }

  private rememberIdentity(identity: Identity): void {
    if (identity.lid && identity.phone) this.lidToPhone.set(identity.lid, identity.phone);
  }

  /** Pairs learned outside a message: kept here, and the new ones handed to the server to store. */
  private async rememberPairs(pairs: ReadonlyArray<{ lid: string; pn: string }>): Promise<void> {
    const learned: Array<{ lid: string; phone: string }> = [];
    for (const pair of pairs) {
      const lid = jidDecode(pair.lid)?.user ?? pair.lid;
      const phone = jidDecode(pair.pn)?.user ?? pair.pn;
      if (!lid || !phone || this.lidToPhone.get(lid) === phone) continue;
      this.lidToPhone.set(lid, phone);
      learned.push({ lid, phone });
    }
    if (learned.length > 0) await this.options.sink.onIdentities?.(learned);
  }

  /** Completes a LID-only identity with the phone number when WhatsApp told us the pair. */
  private async resolve(identity: Identity, jid: string): Promise<Identity> {
    if (identity.phone || !identity.lid) return identity;
    const known = this.lidToPhone.get(identity.lid);
    if (known) return { ...identity, phone: known };
    const pn = await this.socket?.signalRepository?.lidMapping?.getPNForLID(jid).catch(() => null);
    const phone = pn ? (jidDecode(pn)?.user ?? null) : null;
    // The message carries both forms from here on: the ingest stores the pair with it.
    if (phone) this.lidToPhone.set(identity.lid, phone);
    return { ...identity, phone };
  }

  /** Baileys asks for a message it must re-send (a retry receipt): ours, from the database. */
  private async storedMessage(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    if (!key.id) return undefined;
    const sent = await this.options.sent.find(key.id);
    return sent ? { conversation: sent.text } : undefined;
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    this.generation += 1;
    try {
      socket.end(undefined);
    } catch {
      // Already closed.
    }
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private transition(transition: StatusTransition, patch: Patch): void {
    const state = patch.state ?? (transition.kind === 'disconnected' ? 'disconnected' : this.current.state);
    this.current = { ...this.current, ...patch, state };
    this.options.sink.onStatus(transition, this.status());
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type { ConnectionProblem };
