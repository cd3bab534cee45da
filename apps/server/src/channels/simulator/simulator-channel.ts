import type {
  InboundMedia,
  MediaDownloadLimits,
  MessageType,
  SendMediaInput,
  SimulatorOutboxItem,
} from '@atende/contracts';
import type { Insertable, Kysely } from 'kysely';
import { type TransactionBatcher, transactionBatcher } from '../../db/group-commit.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import {
  type Channel,
  type ChannelSink,
  type ChannelStatus,
  ChannelUnavailableError,
  type InboundResult,
  newProviderMessageId,
  type SendRatingInput,
  type SendReactionInput,
  SendRejectedError,
  type SendTextInput,
  type StatusTransition,
} from '../channel.js';
import type { ChannelStateRepository } from '../channel-state.repository.js';
import { newPairingCode, normalizePairingCode, pairingLink } from './pairing-code.js';

// A provider id is delivered once (unique index): a send retried, or run twice at once, reaches the
// customer once.
const insertDelivery = preparedQuery((db, row: Insertable<Database['simulator_deliveries']>) =>
  db
    .insertInto('simulator_deliveries')
    .values(row)
    .onConflict((oc) => oc.column('provider_message_id').doNothing()),
);

/** What the simulator keeps across restarts: whether a "phone" is linked. */
interface SimulatorState {
  paired: boolean;
  phone: string | null;
  pairedAt: number | null;
}

/** The simulated business number shown once linked. */
export const SIMULATOR_PHONE = '5511900000000';

export class PairingError extends Error {
  constructor() {
    super('Código de pareamento inválido ou expirado');
    this.name = 'PairingError';
  }
}

export interface SimulatorChannelOptions {
  db: Kysely<Database>;
  /** The inbox this simulated number is (its deliveries are listed per inbox). */
  inboxId?: string;
  /** The simulated business number shown once linked. */
  businessPhone?: string;
  state: ChannelStateRepository;
  sink: ChannelSink;
  /** How long a pairing code (and its QR) stays valid; WhatsApp rotates about every 60 s. */
  qrRotateMs?: number;
  /** Shares commits between deliveries recorded together (SQLite); one transaction each otherwise. */
  writes?: TransactionBatcher;
}

export interface SimulatedInbound {
  phone: string;
  name?: string | undefined;
  text: string;
  type: MessageType;
  replyToId?: string | undefined;
  providerMessageId?: string | undefined;
  /** The choice tapped on a rating we sent (its id). */
  interactiveReplyId?: string | undefined;
  /** A voice note the customer recorded (base64 of the file). */
  audio?: string | undefined;
}

/** Whether the bytes are Ogg/Opus (what WhatsApp plays as a voice note): an Ogg page whose first packet is OpusHead. */
export function isOggOpus(bytes: Uint8Array): boolean {
  const text = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  return bytes.length > 36 && text(0, 4) === 'OggS' && text(28, 36) === 'OpusHead';
}

/**
 * A WhatsApp stand-in: an unpaired account shows a QR (a pairing link with a rotating code); pairing
 * links it (persisted); customers "write" through `receive`, which feeds exactly the sink a real
 * channel feeds; what we send is recorded as delivered in `simulator_deliveries`.
 */
export class SimulatorChannel implements Channel {
  readonly kind = 'simulator' as const;
  private current: ChannelStatus = {
    connected: false,
    qr: null,
    state: 'disconnected',
    channel: 'simulator',
    phone: null,
    pairingCode: null,
  };
  private saved: SimulatorState = { paired: false, phone: null, pairedAt: null };
  private rotateTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private lastDeliveredAt = 0;
  private readonly qrRotateMs: number;

  private readonly writes: TransactionBatcher;

  constructor(private readonly options: SimulatorChannelOptions) {
    this.qrRotateMs = options.qrRotateMs ?? 60_000;
    this.writes = options.writes ?? transactionBatcher(options.db, { batching: false });
  }

  status(): ChannelStatus {
    return { ...this.current };
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.saved = (await this.options.state.load<SimulatorState>()) ?? this.saved;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearRotation();
    if (this.current.state !== 'disconnected') {
      this.transition(
        { kind: 'disconnected', reason: 'stopped' },
        { connected: false, qr: null, pairingCode: null },
      );
    }
  }

  async reconnect(): Promise<void> {
    this.clearRotation();
    this.transition(
      { kind: 'disconnected', reason: 'reconnect' },
      { connected: false, qr: null, pairingCode: null },
    );
    await this.connect();
  }

  /** The linked device "scans" the QR: the code must be the one currently shown. */
  /** Whether `code` is the one this number's QR shows now. */
  accepts(code: string): boolean {
    const shown = this.current.state === 'qr' ? this.current.pairingCode : null;
    return shown !== null && normalizePairingCode(code) === normalizePairingCode(shown);
  }

  async pair(code: string): Promise<ChannelStatus> {
    if (!this.accepts(code)) throw new PairingError();
    this.clearRotation();
    this.saved = { paired: true, phone: this.options.businessPhone ?? SIMULATOR_PHONE, pairedAt: now() };
    await this.options.state.save(this.saved);
    await this.connect();
    return this.status();
  }

  /** Unlinks the simulated number ("desconectar"): the same as unpairing. */
  async logout(): Promise<void> {
    await this.unpair();
  }

  /** Logs the linked device out: the account forgets the pairing and shows a new QR. */
  async unpair(): Promise<ChannelStatus> {
    this.clearRotation();
    this.saved = { paired: false, phone: null, pairedAt: null };
    await this.options.state.save(this.saved);
    this.transition(
      { kind: 'disconnected', reason: 'logged_out' },
      { connected: false, qr: null, phone: null },
    );
    await this.connect();
    return this.status();
  }

  /** A simulated customer writes. Acknowledged (resolved) only after the ingest committed. */
  async receive(input: SimulatedInbound): Promise<InboundResult> {
    if (!this.current.connected) throw new ChannelUnavailableError();
    return this.options.sink.onInboundMessage({
      providerMessageId: input.providerMessageId ?? newProviderMessageId('SIM'),
      phone: input.phone,
      name: input.name,
      text: input.text,
      type: input.audio ? 'audio' : input.type,
      quotedId: input.replyToId,
      interactiveReplyId: input.interactiveReplyId,
      // As a real channel: the message first, its file downloaded afterwards by a job.
      ...(input.audio
        ? {
            media: {
              descriptor: { simulatedAudio: input.audio },
              mimeType: 'audio/ogg; codecs=opus',
              fileLength: Math.floor((input.audio.length * 3) / 4),
            },
          }
        : {}),
    });
  }

  /** The simulated customer's file, as a provider's download would hand it over. */
  async downloadMedia(media: InboundMedia, limits: MediaDownloadLimits): Promise<Uint8Array> {
    const data = media.descriptor.simulatedAudio;
    if (typeof data !== 'string')
      throw Object.assign(new Error('mídia desconhecida'), { code: 'MEDIA_REFUSED' });
    const bytes = new Uint8Array(Buffer.from(data, 'base64'));
    if (bytes.byteLength > limits.maxBytes) {
      throw Object.assign(new Error('mídia acima do limite'), { code: 'MEDIA_REFUSED' });
    }
    return bytes;
  }

  /** A simulated customer reacts to a message (emoji null removes the reaction). */
  async receiveReaction(input: { phone: string; targetProviderMessageId: string; emoji: string | null }) {
    if (!this.current.connected) throw new ChannelUnavailableError();
    await this.options.sink.onInboundReaction(input);
  }

  async sendText(input: SendTextInput): Promise<void> {
    if (!this.current.connected) throw new ChannelUnavailableError();
    await this.record({
      providerMessageId: input.providerMessageId,
      phone: input.to,
      kind: 'text',
      text: input.text,
      quoted: input.quotedProviderMessageId ?? null,
      emoji: null,
    });
    this.reportDelivered(input.providerMessageId);
  }

  /**
   * A file of ours: the simulated customer sees what it is, its name and its caption; a voice note
   * must be Ogg/Opus, as on WhatsApp (anything else is refused, never shown as one).
   */
  async sendMedia(input: SendMediaInput): Promise<void> {
    if (!this.current.connected) throw new ChannelUnavailableError();
    const voice = input.kind === 'audio' && input.voice === true;
    if (voice && !isOggOpus(input.bytes)) {
      throw new SendRejectedError({
        code: 'VOICE_NOT_OGG_OPUS',
        explanation: 'Mensagem de voz recusada: o WhatsApp só toca mensagens de voz em Ogg/Opus',
      });
    }
    const label = { image: 'Imagem', video: 'Vídeo', audio: 'Áudio', document: 'Documento' }[input.kind];
    await this.record({
      providerMessageId: input.providerMessageId,
      phone: input.to,
      kind: 'media',
      text: [voice ? '🎤 Mensagem de voz' : `📎 ${label}: ${input.fileName ?? 'arquivo'}`, input.caption]
        .filter(Boolean)
        .join('\n'),
      quoted: input.quotedProviderMessageId ?? null,
      emoji: null,
      media: { mimeType: input.mimeType, size: input.bytes.byteLength, voice },
    });
    this.reportDelivered(input.providerMessageId);
  }

  /** A rating question: the simulated customer sees the choices and may tap one (`interactiveReplyId`). */
  async sendRating(input: SendRatingInput): Promise<void> {
    if (!this.current.connected) throw new ChannelUnavailableError();
    await this.record({
      providerMessageId: input.providerMessageId,
      phone: input.to,
      kind: 'rating',
      text: input.text,
      quoted: null,
      emoji: null,
      choices: input.choices.map(({ id, title }) => ({ id, title })),
    });
    this.reportDelivered(input.providerMessageId);
  }

  async sendReaction(input: SendReactionInput): Promise<void> {
    if (!this.current.connected) throw new ChannelUnavailableError();
    await this.record({
      providerMessageId: newProviderMessageId('SIMR'),
      phone: input.to,
      kind: 'reaction',
      text: '',
      quoted: input.targetProviderMessageId,
      emoji: input.emoji,
    });
  }

  /** What simulated customers received, newest last. */
  async outbox(phone: string | undefined, limit: number): Promise<SimulatorOutboxItem[]> {
    let query = this.options.db
      .selectFrom('simulator_deliveries')
      .selectAll()
      .where('inbox_id', '=', this.options.inboxId ?? 'default');
    if (phone) query = query.where('phone', '=', phone);
    const rows = await query.orderBy('delivered_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.reverse().map((row) => ({
      providerMessageId: row.provider_message_id,
      phone: row.phone,
      text: row.text,
      kind: row.kind,
      quotedProviderMessageId: row.quoted_provider_message_id,
      emoji: row.emoji,
      deliveredAt: toIso(row.delivered_at),
      ...(row.choices ? { choices: JSON.parse(row.choices) as Array<{ id: string; title: string }> } : {}),
      ...(row.media_mime_type !== null
        ? {
            media: {
              mimeType: row.media_mime_type,
              size: Number(row.media_size ?? 0),
              voice: row.voice === 1,
            },
          }
        : {}),
    }));
  }

  private async record(item: {
    providerMessageId: string;
    phone: string;
    kind: 'text' | 'reaction' | 'rating' | 'media';
    text: string;
    quoted: string | null;
    emoji: string | null;
    choices?: Array<{ id: string; title: string }>;
    media?: { mimeType: string; size: number; voice: boolean };
  }): Promise<void> {
    await this.writes.run(async (trx) => {
      await insertDelivery(trx, {
        id: newId(),
        provider_message_id: item.providerMessageId,
        inbox_id: this.options.inboxId ?? 'default',
        phone: item.phone,
        kind: item.kind,
        text: item.text,
        quoted_provider_message_id: item.quoted,
        emoji: item.emoji,
        choices: item.choices ? JSON.stringify(item.choices) : null,
        media_mime_type: item.media?.mimeType ?? null,
        media_size: item.media?.size ?? null,
        voice: item.media ? (item.media.voice ? 1 : 0) : null,
        delivered_at: this.nextDeliveryTime(),
      });
    });
  }

  /** Strictly increasing, so the outbox lists deliveries in the order they happened. */
  private nextDeliveryTime(): number {
    this.lastDeliveredAt = Math.max(now(), this.lastDeliveredAt + 1);
    return this.lastDeliveredAt;
  }

  /** The simulated phone confirms delivery right after the send, as a real provider would later. */
  private reportDelivered(providerMessageId: string): void {
    setImmediate(() => {
      this.options.sink.onDeliveryStatus({ providerMessageId, status: 'delivered' }).catch(() => {
        // The message stays 'sent'; a delivery receipt is informative only.
      });
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.transition(
      { kind: 'connecting' },
      { state: 'connecting', connected: false, qr: null, pairingCode: null },
    );
    if (this.saved.paired) {
      this.transition(
        { kind: 'ready', phone: this.saved.phone },
        { state: 'connected', connected: true, qr: null, pairingCode: null, phone: this.saved.phone },
      );
      return;
    }
    this.showQr();
  }

  private showQr(): void {
    const code = newPairingCode();
    const qr = pairingLink(code);
    this.transition(
      { kind: 'qr', qr },
      { state: 'qr', connected: false, qr, pairingCode: code, phone: null },
    );
    this.clearRotation();
    this.rotateTimer = setTimeout(() => {
      if (!this.stopped && this.current.state === 'qr') this.showQr();
    }, this.qrRotateMs);
    this.rotateTimer.unref();
  }

  private clearRotation(): void {
    if (this.rotateTimer) clearTimeout(this.rotateTimer);
    this.rotateTimer = null;
  }

  private transition(transition: StatusTransition, patch: Partial<ChannelStatus>): void {
    const state = patch.state ?? (transition.kind === 'disconnected' ? 'disconnected' : this.current.state);
    this.current = { ...this.current, ...patch, state };
    this.options.sink.onStatus(transition, this.status());
  }
}
