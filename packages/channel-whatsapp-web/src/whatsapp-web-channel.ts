import type {
  AuthKeyStore,
  ChannelSink,
  ChannelStatus,
  InboundMedia,
  InboundMessage,
  ChannelLogger as Logger,
  MarkReadInput,
  MediaDispatcher,
  MediaDownloadLimits,
  SendMediaInput,
  SendPresenceInput,
  SendTextInput,
  SentMessages,
  StatusTransition,
} from '@atende/contracts';
import makeWASocket, {
  type AnyMessageContent,
  Browsers,
  type ConnectionState,
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
import { downloadMedia } from './download-media.js';
import { type Identity, identityOf, isIgnoredJid, recipientJid } from './jid.js';
import { mapInbound } from './map-inbound.js';
import { mapMessageUpdate } from './map-update.js';
import { holdSignalConsole } from './signal-console.js';

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
  /** Asks WhatsApp for an 8-character code to type on the phone (instead of scanning the QR). */
  requestPairingCode?(phoneNumber: string): Promise<string>;
  readMessages?(keys: WAMessageKey[]): Promise<void>;
  sendPresenceUpdate?(type: 'composing' | 'paused', toJid?: string): Promise<void>;
}

export type SocketFactory = (config: UserFacingSocketConfig) => SocketLike;

export interface WhatsappWebOptions {
  sink: ChannelSink;
  auth: AuthKeyStore;
  sent: SentMessages;
  logger: Logger;
  /** The WhatsApp Web version announced at connect (pinned in config; 405 means it is out of date). */
  version: [number, number, number];
  /** Error thrown by a send while not connected (the server's ChannelUnavailableError), with why. */
  unavailable: (message?: string) => Error;
  /** Defaults to Baileys' makeWASocket; tests pass a fake socket. */
  socketFactory?: SocketFactory;
  /** Test-only: where the WebSocket connects (a local server). */
  webSocketUrl?: string;
  /** Test-only: how long each QR lives (Baileys: the first ~60 s, the others ~20 s). */
  qrTimeoutMs?: number;
  /**
   * A fresh undici dispatcher per media download (the server's SSRF-safe one, limited to WhatsApp's
   * media hosts): the URL and host come from the message, which the sender controls.
   */
  mediaDispatcher: () => MediaDispatcher;
  /** Called after each inbound message is committed: ms since its `messages.upsert` reached us. */
  onReceiptToCommit?: ((ms: number) => void) | undefined;
  /** Contract tests: downloads a message's media without the network (instead of Baileys'). */
  download?: (media: InboundMedia) => Promise<Uint8Array>;
  now?: () => number;
}

/**
 * QR rounds shown before "QR expirado": each socket shows ~6 codes (the first ~60 s, then ~20 s each)
 * and closes with 408 when none was scanned; a fresh socket starts another round at once.
 */
export const QR_ROUNDS = 3;
/** How long a pairing-code request waits for the socket to be ready to pair. */
const PAIRING_READY_MS = 20_000;
const NOT_READY_TO_PAIR = 'O WhatsApp ainda não está pronto para parear. Tente de novo em instantes.';

/** Tries at storing one inbound message before it is given up (logged with its id). */
const SINK_ATTEMPTS = 4;
const SINK_RETRY_MS = [250, 1_000, 3_000];

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
 * reconnect builds a fresh one. Close codes follow `decideOnClose`. Events are handled in the order
 * Baileys emits them: inbound messages go to the sink at once, without waiting for each other's
 * commits; any other event waits until the messages before it are committed.
 */
export class WhatsappWebChannel {
  readonly kind = 'whatsapp-web' as const;
  private current: ChannelStatus = { ...INITIAL };
  private socket: SocketLike | null = null;
  /** Bumped on every new socket: events of an older socket are ignored. */
  private generation = 0;
  private failures = 0;
  /** QR rounds that ended unscanned in a row (see QR_ROUNDS). */
  private qrRounds = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private queue: Promise<void> = Promise.resolve();
  /**
   * Inbound messages handed to the sink and not committed yet. Messages do not wait for each other's
   * commits (the sink group-commits them, in the order given); every other event waits for them, so
   * an edit, a deletion or a reaction never overtakes the message it is about.
   */
  private readonly storing = new Set<Promise<void>>();
  /** Gives `console` back once this channel no longer runs (see signal-console.ts). */
  private releaseConsole: (() => void) | null = null;
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
    // libsignal runs only under a socket: its session dumps are kept out of the output meanwhile.
    this.releaseConsole ??= holdSignalConsole(this.log);
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearRetry();
    this.dropSocket();
    await this.queue;
    await this.stored();
    this.releaseConsole?.();
    this.releaseConsole = null;
    if (this.current.state !== 'disconnected' || this.current.connected) {
      this.transition({ kind: 'disconnected', reason: 'stopped' }, { ...INITIAL });
    }
  }

  /** Drops the connection and connects again (also clears a stop on 440/403/405: the operator asked). */
  async reconnect(): Promise<void> {
    this.stopped = false;
    this.clearRetry();
    this.failures = 0;
    this.qrRounds = 0;
    this.dropSocket();
    this.transition({ kind: 'disconnected', reason: 'reconnect' }, { ...INITIAL });
    await this.connect();
  }

  /**
   * Pairing by phone number instead of the QR: WhatsApp answers an 8-character code that the admin
   * types on the phone (Aparelhos conectados › Conectar com número). Asked of the socket waiting to
   * pair; the status carries the code until the phone pairs or the round ends.
   */
  async requestPairingCode(phone: string): Promise<string> {
    const digits = phone.replace(/\D/g, '');
    if (this.current.connected) throw this.options.unavailable('Este número já está conectado.');
    if (this.current.state !== 'qr') {
      // A stopped or expired channel starts a fresh round to pair in.
      if (this.current.state === 'disconnected' && !this.retryTimer) await this.reconnect();
      await this.waitFor(() => this.current.state === 'qr' || this.current.connected, PAIRING_READY_MS);
    }
    const socket = this.socket;
    if (!socket?.requestPairingCode || this.current.connected || this.current.state !== 'qr') {
      throw this.options.unavailable(NOT_READY_TO_PAIR);
    }
    let code: string;
    try {
      code = await socket.requestPairingCode(digits);
    } catch (error) {
      this.log.warn({ err: describe(error) }, 'whatsapp-web pairing code refused');
      throw this.options.unavailable(NOT_READY_TO_PAIR);
    }
    if (socket === this.socket && !this.current.connected) {
      this.transition({ kind: 'pairing_code', code }, { pairingCode: code });
    }
    return code;
  }

  private async waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check() && Date.now() < deadline && !this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
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

  async sendText(input: SendTextInput): Promise<void> {
    const socket = this.requireSocket();
    const jid = recipientJid(input.to, input.lid);
    const quoted = input.quotedProviderMessageId
      ? await this.quotedMessage(jid, input.quotedProviderMessageId, input.quotedText)
      : undefined;
    await socket.sendMessage(
      jid,
      { text: input.text },
      { messageId: input.providerMessageId, ...(quoted ? { quoted } : {}) },
    );
  }

  /**
   * A file of ours, as the kind of message it is (Baileys encrypts and uploads it to WhatsApp's media
   * servers): image and video with their caption, audio, a document with its name and caption.
   */
  async sendMedia(input: SendMediaInput): Promise<void> {
    const socket = this.requireSocket();
    const jid = recipientJid(input.to, input.lid);
    const file = Buffer.from(input.bytes);
    const caption = input.caption ?? undefined;
    const content: AnyMessageContent =
      input.kind === 'image'
        ? { image: file, mimetype: input.mimeType, ...(caption ? { caption } : {}) }
        : input.kind === 'video'
          ? { video: file, mimetype: input.mimeType, ...(caption ? { caption } : {}) }
          : input.kind === 'audio'
            ? input.voice
              ? // A voice note (push-to-talk): WhatsApp plays only Ogg/Opus as one.
                { audio: file, mimetype: 'audio/ogg; codecs=opus', ptt: true }
              : { audio: file, mimetype: input.mimeType }
            : {
                document: file,
                mimetype: input.mimeType,
                fileName: input.fileName ?? 'arquivo',
                ...(caption ? { caption } : {}),
              };
    const quoted = input.quotedProviderMessageId
      ? await this.quotedMessage(jid, input.quotedProviderMessageId, input.quotedText)
      : undefined;
    await socket.sendMessage(jid, content, {
      messageId: input.providerMessageId,
      ...(quoted ? { quoted } : {}),
    });
  }

  /** Blue ticks on the customer's phone for these messages of theirs. */
  async markRead(input: MarkReadInput): Promise<void> {
    const socket = this.requireSocket();
    if (!socket.readMessages || input.providerMessageIds.length === 0) return;
    const jid = recipientJid(input.to, input.lid);
    await socket.readMessages(input.providerMessageIds.map((id) => ({ remoteJid: jid, id, fromMe: false })));
  }

  /**
   * "digitando…" (or its end) in the customer's chat. Only the chat state is sent, never "online":
   * being online would keep the business phone from getting notifications.
   */
  async sendPresence(input: SendPresenceInput): Promise<void> {
    const socket = this.requireSocket();
    await socket.sendPresenceUpdate?.(input.state, recipientJid(input.to, input.lid));
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

  /**
   * The quoted message as the customer's phone shows it above the reply: ours (from our store) or
   * theirs (its text comes with the send; the phone shows an empty quote without it).
   */
  private async quotedMessage(jid: string, id: string, text: string | null | undefined): Promise<WAMessage> {
    const ours = await this.options.sent.find(id);
    return {
      key: { remoteJid: jid, id, fromMe: Boolean(ours) },
      message: { conversation: ours?.text ?? text ?? '' },
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
    // A pairing code asked for but never typed leaves `me` without an account: that is no device to
    // log in as, and the next socket must show a QR (and take a new code) instead.
    if (auth.state.creds.me && !auth.state.creds.account) {
      auth.state.creds.me = undefined;
      auth.state.creds.pairingCode = undefined;
    }
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
      ...(this.options.qrTimeoutMs ? { qrTimeout: this.options.qrTimeoutMs } : {}),
    });
    this.socket = socket;
    const on = <T>(event: string, handler: (payload: T, receivedAt: number) => Promise<void> | void) => {
      socket.ev.on(event, ((payload: T) => {
        if (generation !== this.generation) return;
        const receivedAt = performance.now();
        if (event === 'messages.upsert') {
          this.enqueue(() => handler(payload, receivedAt));
          return;
        }
        this.enqueue(async () => {
          await this.stored();
          await handler(payload, receivedAt);
        });
      }) as (payload: never) => void);
    };
    on<Partial<ConnectionState>>('connection.update', (update) =>
      this.onConnectionUpdate(update, generation),
    );
    on('creds.update', () => auth.saveCreds());
    on<{ messages: WAMessage[]; type: string }>('messages.upsert', (upsert, receivedAt) =>
      this.onUpsert(upsert.messages, receivedAt),
    );
    on<WAMessageUpdate[]>('messages.update', (updates) => this.onUpdates(updates));
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
      this.qrRounds = 0;
      const phone = jidDecode(this.socket?.user?.id)?.user ?? null;
      this.transition(
        { kind: 'ready', phone },
        {
          state: 'connected',
          connected: true,
          qr: null,
          pairingCode: null,
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
    // 408 while showing a QR: nobody scanned it (Baileys ran out of refs), not an outage.
    const qrExpired = code === 408 && this.current.state === 'qr';
    const decision = decideOnClose(code, this.failures);
    this.log.warn(
      { code, action: decision.action, problem: decision.problem },
      'whatsapp-web connection closed',
    );
    if (this.stopped) return;
    if (qrExpired) {
      this.onQrExpired();
      return;
    }
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

  /**
   * WhatsApp already counts these messages delivered (Baileys acknowledged them before emitting): each
   * is handed to the sink — stored — before anything else is done with it, its media included only as
   * what is needed to download it later. The batch is submitted at once (one group commit), and a
   * message that cannot be stored neither holds nor drops the others.
   */
  /** A few fresh rounds of QR codes, then "QR expirado" until an admin asks for a new one. */
  private onQrExpired(): void {
    this.qrRounds += 1;
    this.log.info({ rounds: this.qrRounds }, 'whatsapp-web QR round ended unscanned');
    if (this.qrRounds < QR_ROUNDS) {
      this.transition({ kind: 'disconnected', reason: 'qr_round' }, { ...INITIAL, state: 'connecting' });
      this.enqueue(() => this.connect());
      return;
    }
    this.qrRounds = 0;
    this.transition(
      { kind: 'disconnected', reason: 'qr_expired' },
      { ...INITIAL, problem: 'qr_expired', reason: PROBLEM_MESSAGES.qr_expired },
    );
  }

  private onUpsert(messages: WAMessage[], receivedAt: number): void {
    for (const message of messages) {
      const storing = this.ingest(message, receivedAt).finally(() => this.storing.delete(storing));
      this.storing.add(storing);
    }
  }

  /** Every inbound message handed to the sink so far is committed (or given up). */
  private async stored(): Promise<void> {
    while (this.storing.size > 0) await Promise.all(this.storing);
  }

  private async ingest(message: WAMessage, receivedAt: number): Promise<void> {
    const id = message.key?.id ?? null;
    try {
      const mapped = mapInbound(message);
      if (mapped.kind === 'ignore') return;
      this.rememberIdentity(mapped.identity);
      const identity = this.known(mapped.identity);
      // Typed on the business phone (fromMe): our own sends echoed back are stored already, under the
      // same id, and the ingest answers them as duplicates.
      const inbound: InboundMessage = {
        ...mapped.message,
        phone: identity.phone ?? identity.lid ?? '',
        lid: identity.lid ?? undefined,
        sender: mapped.fromMe ? 'phone' : 'client',
      };
      await this.store(inbound);
      this.options.onReceiptToCommit?.(performance.now() - receivedAt);
      // Only after the commit: the number behind a LID, if Baileys knows it, joins the two forms.
      if (!identity.phone && identity.lid) await this.learnPhone(identity.lid, message.key.remoteJid ?? '');
    } catch (error) {
      // Never the content: the id is enough to find it in WhatsApp.
      this.log.error({ err: describe(error), id }, 'whatsapp-web inbound message not stored');
    }
  }

  /** The sink, retried a few times (a database that blinks must not lose a delivered message). */
  private async store(inbound: InboundMessage): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.sink.onInboundMessage(inbound);
        return;
      } catch (error) {
        if (attempt >= SINK_ATTEMPTS) throw error;
        this.log.warn(
          { err: describe(error), id: inbound.providerMessageId, attempt },
          'whatsapp-web inbound message: store failed, retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, SINK_RETRY_MS[attempt - 1] ?? 3_000));
      }
    }
  }

  /**
   * Downloads media an inbound message announced (the server's media job calls this after the
   * message was stored). A re-upload of expired media is asked of the phone while connected.
   */
  async downloadMedia(media: InboundMedia, limits: MediaDownloadLimits): Promise<Uint8Array> {
    if (this.options.download) return this.options.download(media);
    const socket = this.socket;
    return downloadMedia(media, limits, {
      dispatcher: this.options.mediaDispatcher,
      reupload:
        socket?.updateMediaMessage && this.current.connected
          ? (message) => (socket.updateMediaMessage as (m: WAMessage) => Promise<WAMessage>)(message)
          : undefined,
    });
  }

  /** Receipts of our messages, and the customer's (or the phone's) edits and deletions. */
  private async onUpdates(updates: WAMessageUpdate[]): Promise<void> {
    for (const update of updates) {
      try {
        await this.onUpdate(update);
      } catch (error) {
        this.log.error({ err: describe(error), id: update.key?.id }, 'whatsapp-web message update failed');
      }
    }
  }

  private async onUpdate({ key, update }: WAMessageUpdate): Promise<void> {
    const mapped = mapMessageUpdate(key, update);
    if (!mapped) return;
    if (mapped.kind === 'receipt') {
      await this.options.sink.onDeliveryStatus({ providerMessageId: mapped.id, status: mapped.status });
      return;
    }
    const identity = this.known(mapped.identity);
    const who = {
      targetProviderMessageId: mapped.id,
      from: mapped.fromMe ? ('phone' as const) : ('client' as const),
      phone: identity.phone ?? identity.lid ?? '',
      lid: identity.lid ?? undefined,
      timestamp: mapped.timestamp,
    };
    if (mapped.kind === 'edit') await this.options.sink.onMessageEdited?.({ ...who, text: mapped.text });
    else await this.options.sink.onMessageDeleted?.(who);
  }

  private async onReactions(
    reactions: Array<{ key: WAMessageKey; reaction: proto.IReaction }>,
  ): Promise<void> {
    for (const { key, reaction } of reactions) {
      const by = reaction.key as (WAMessageKey & { remoteJidAlt?: string }) | null | undefined;
      // Our own reactions (from here or typed on the phone) are not the customer's.
      if (!key?.id || !by || by.fromMe || isIgnoredJid(by.remoteJid)) continue;
      const identity = this.known(identityOf(by.remoteJid ?? '', by.remoteJidAlt));
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

  /** Completes a LID-only identity with the phone number when a pair seen before says it. */
  private known(identity: Identity): Identity {
    if (identity.phone || !identity.lid) return identity;
    return { ...identity, phone: this.lidToPhone.get(identity.lid) ?? null };
  }

  /** Asks Baileys' own LID ↔ phone mapping for a LID's number; a pair found is stored as one client. */
  private async learnPhone(lid: string, jid: string): Promise<void> {
    const pn = await this.socket?.signalRepository?.lidMapping?.getPNForLID(jid).catch(() => null);
    if (pn) await this.rememberPairs([{ lid: `${lid}@lid`, pn }]);
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
