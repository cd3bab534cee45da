/**
 * The channel port: what a channel kind (simulator, linked device, Cloud API, …) and the server say
 * to each other. Declared once, here, because a kind may live in its own package (the linked device's
 * GPL workspace) that must not import the server. Types only: nothing here runs.
 */
import type { DeliveryStatus, MessageType } from './conversations.js';
import type { ChannelKind, WhatsappStatus } from './whatsapp.js';
import type { MessageTemplate } from './whatsapp-cloud.js';

/** Connection status of a channel (contracts `whatsappStatusSchema`). */
export type ChannelStatus = WhatsappStatus;

/** A customer's message as a channel delivers it, already translated into our terms. */
export interface InboundMessage {
  /** The provider's id for the message: unique, so a replay is recognised. */
  providerMessageId: string;
  /** The customer's phone number (digits). With LID addressing and no known number: the LID's digits. */
  phone: string;
  /** The customer's display name, when the provider gives one. */
  name?: string | undefined;
  text: string;
  type: MessageType;
  /** Quoted message: our message id or the provider's id. */
  quotedId?: string | undefined;
  /** When the provider says it was sent (epoch ms); receive time when absent. */
  timestamp?: number | undefined;
  mediaUrl?: string | undefined;
  mediaMimeType?: string | undefined;
  /** The stored media's id, when the channel downloaded a file. */
  mediaId?: string | undefined;
  /** A document's name as the customer sent it. */
  fileName?: string | undefined;
  /** The stored file's size in bytes (with `mediaUrl`). */
  mediaSize?: number | undefined;
  /**
   * Media still to be downloaded (linked device): stored with the message and fetched afterwards by a
   * durable job through `Channel.downloadMedia`, so a download never stands between the provider's
   * receipt and our commit.
   */
  media?: InboundMedia | undefined;
  /** The customer's WhatsApp LID (digits), when addressed by it: the same person as `phone`. */
  lid?: string | undefined;
  /** 'phone': typed on the business phone itself, not by the customer (a person answered). */
  sender?: 'client' | 'phone' | undefined;
  /** Old messages (history sync): stored, never answered by the agent. */
  history?: boolean | undefined;
  /** The option the customer tapped on an interactive list or buttons we sent (its id). */
  interactiveReplyId?: string | undefined;
}

/**
 * What a provider needs to download a message's media later, stored with the message until then.
 * `descriptor` is the provider's own (opaque to the server, handed back to `downloadMedia`).
 */
export interface InboundMedia {
  descriptor: Record<string, unknown>;
  mimeType?: string | undefined;
  fileName?: string | undefined;
  /** The size the provider announced (bytes): checked against the limit before any download. */
  fileLength?: number | undefined;
}

/** Limits of one media download. */
export interface MediaDownloadLimits {
  /** Larger files are refused before downloading (announced size) and while streaming (actual size). */
  maxBytes: number;
  /** The whole download, connection to last byte. */
  timeoutMs: number;
}

/**
 * The `code` of a `downloadMedia` error that refuses the file for good (larger than the limit, or no
 * longer downloadable); any other error may succeed on a retry.
 */
export type MediaRefusedCode = 'MEDIA_REFUSED';

/** A customer (or the business phone) edited one of the messages. */
export interface InboundEdit {
  targetProviderMessageId: string;
  text: string;
  /** Who edited: the customer, or a person on the business phone (a message of ours). */
  from: 'client' | 'phone';
  phone: string;
  lid?: string | undefined;
  /** When it was edited (epoch ms); receive time when absent. */
  timestamp?: number | undefined;
}

/** A customer (or the business phone) deleted one of the messages for everyone. */
export interface InboundDeletion {
  targetProviderMessageId: string;
  from: 'client' | 'phone';
  phone: string;
  lid?: string | undefined;
  timestamp?: number | undefined;
}

/** A customer reacted to one of the messages (emoji null = reaction removed). */
export interface InboundReaction {
  phone: string;
  /** The customer's WhatsApp LID (digits), when addressed by it. */
  lid?: string | undefined;
  targetProviderMessageId: string;
  emoji: string | null;
}

/** A provider's reason for not delivering a message, as the operator sees it on the bubble. */
export interface SendFailure {
  code: string;
  explanation: string;
}

/** The provider reports what happened to a message we sent. */
export interface DeliveryUpdate {
  providerMessageId: string;
  status: Exclude<DeliveryStatus, 'pending'>;
  /** Why a message failed (status 'failed'): the provider's code and its pt-BR explanation. */
  error?: SendFailure | null | undefined;
}

/** What a send answered: the provider's own id for the message, when it assigns one (Cloud API wamid). */
export interface SendResult {
  providerMessageId?: string | undefined;
}

/** An approved message template with its body parameters filled in (Cloud API). */
export interface SendTemplateInput {
  to: string;
  name: string;
  language: string;
  parameters: string[];
}

/** One step of a rating scale as the customer taps it; its id comes back as `interactiveReplyId`. */
export interface RatingChoice {
  id: string;
  title: string;
}

/** A satisfaction question answered with a tap (`Channel.sendRating`). */
export interface SendRatingInput {
  to: string;
  lid?: string | null | undefined;
  text: string;
  /** Generated by us and stored before sending, so the provider's echo dedupes. */
  providerMessageId: string;
  choices: ReadonlyArray<RatingChoice>;
}

/** What an ingest of an inbound message answered (the channel acknowledges only after it). */
export interface InboundResult {
  messageId: string;
  conversationId: string;
  clientId: string;
  duplicate: boolean;
}

/** Connection transitions, mapped one-to-one onto the `whatsapp:*` realtime events. */
export type StatusTransition =
  | { kind: 'connecting' }
  | { kind: 'qr'; qr: string }
  /** Linked device: WhatsApp gave a pairing code to type on the phone (the status carries it). */
  | { kind: 'pairing_code'; code: string }
  | { kind: 'ready'; phone: string | null }
  | { kind: 'disconnected'; reason: string | null };

/**
 * Where a channel sends what happens. Every handler resolves only once the event is durably handled,
 * so a channel acknowledges to its provider only after our commit.
 */
export interface ChannelSink {
  onStatus(transition: StatusTransition, status: ChannelStatus): void;
  onInboundMessage(message: InboundMessage): Promise<InboundResult>;
  onInboundReaction(reaction: InboundReaction): Promise<void>;
  onDeliveryStatus(update: DeliveryUpdate): Promise<void>;
  /** Each LID and phone number (digits) are the same customer (learned outside a message). */
  onIdentities?(pairs: ReadonlyArray<{ lid: string; phone: string }>): Promise<void>;
  /** A message was edited: the new text is shown, the original kept for the audit. */
  onMessageEdited?(edit: InboundEdit): Promise<void>;
  /** A message was deleted for everyone: shown as deleted, the original kept for the audit. */
  onMessageDeleted?(deletion: InboundDeletion): Promise<void>;
}

export interface SendTextInput {
  to: string;
  /** The customer's WhatsApp LID, when known (a LID-only customer is reached by it). */
  lid?: string | null | undefined;
  text: string;
  /** Generated by us and stored before sending, so the provider's echo dedupes. */
  providerMessageId: string;
  quotedProviderMessageId?: string | null | undefined;
  /** The quoted message's text, for providers that carry the quote itself (linked device). */
  quotedText?: string | null | undefined;
  /** Choices offered with the text; a channel that can shows them as an interactive list. */
  options?: ReadonlyArray<{ id: string; title: string }> | undefined;
}

/** A file of ours (an operator's), sent as the kind of message the customer's app shows it as. */
export interface SendMediaInput {
  to: string;
  lid?: string | null | undefined;
  /** Generated by us and stored before sending, so the provider's echo dedupes. */
  providerMessageId: string;
  kind: 'image' | 'video' | 'audio' | 'document';
  /**
   * An audio recorded as a voice note (Ogg/Opus): the customer's app shows it as one (push-to-talk,
   * with its waveform and the microphone), not as an audio file to download.
   */
  voice?: boolean | undefined;
  bytes: Uint8Array;
  mimeType: string;
  fileName: string | null;
  caption: string | null;
  quotedProviderMessageId?: string | null | undefined;
  quotedText?: string | null | undefined;
}

export interface SendReactionInput {
  to: string;
  lid?: string | null | undefined;
  targetProviderMessageId: string;
  /** null removes our reaction. */
  emoji: string | null;
}

/** The customer's messages we have seen (read receipts: blue ticks on their phone). */
export interface MarkReadInput {
  to: string;
  lid?: string | null | undefined;
  providerMessageIds: string[];
}

/** Our side is typing ("digitando…") or stopped. */
export interface SendPresenceInput {
  to: string;
  lid?: string | null | undefined;
  state: 'composing' | 'paused';
}

/** A messaging channel (simulator, WhatsApp Web, Cloud API): one connection, one number. */
export interface Channel {
  readonly kind: ChannelKind;
  status(): ChannelStatus;
  /** Connects (or shows a QR when not paired). Resolves once the first status is known. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Drops the connection and connects again. */
  reconnect(): Promise<void>;
  /** Throws the unavailable error when not connected, a rejection when refused for good. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a channel that learns nothing from the provider returns nothing
  sendText(input: SendTextInput): Promise<void | SendResult>;
  sendReaction(input: SendReactionInput): Promise<void>;
  /** Sends a file; a channel without it gets the file's name as text instead. */
  // biome-ignore lint/suspicious/noConfusingVoidType: as sendText
  sendMedia?(input: SendMediaInput): Promise<void | SendResult>;
  /**
   * True when free-form messages may only be sent within 24 h of the customer's last message
   * (Cloud API); outside it only templates go through.
   */
  readonly serviceWindow?: boolean;
  sendTemplate?(input: SendTemplateInput): Promise<SendResult>;
  /** Approved message templates (Cloud API): listed for the picker; recorded to send one instead of text. */
  readonly templates?: {
    list(): Promise<MessageTemplate[]>;
    /** The message stored under this provider id goes out as this template when its send job runs. */
    record(
      providerMessageId: string,
      spec: { name: string; language: string; parameters: string[] },
    ): Promise<void>;
  };
  /**
   * Asks for a rating with the provider's own controls (Cloud API: an interactive list; the simulator:
   * choices its customers tap), answered as `interactiveReplyId`. Absent: the question goes as text and
   * the customer types the number, which the server understands as well.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: as sendText
  sendRating?(input: SendRatingInput): Promise<void | SendResult>;
  /** Unlinks the number (linked device): credentials wiped, a new pairing needed. */
  logout?(): Promise<void>;
  /** Linked device: asks for an 8-character pairing code for this phone number instead of a QR. */
  requestPairingCode?(phone: string): Promise<string>;
  /**
   * Downloads media announced by an inbound message (`InboundMessage.media`). Refuses a file larger
   * than `limits.maxBytes` before downloading it when its size is announced, and stops reading once
   * past it (an error with code `MEDIA_REFUSED`); gives up after `limits.timeoutMs`.
   */
  downloadMedia?(media: InboundMedia, limits: MediaDownloadLimits): Promise<Uint8Array>;
  /** Marks the customer's messages read (blue ticks), where the provider has read receipts. */
  markRead?(input: MarkReadInput): Promise<void>;
  /** Shows "digitando…" to the customer while our side composes, where the provider can. */
  sendPresence?(input: SendPresenceInput): Promise<void>;
  /**
   * A channel only one process may hold (linked device, under a lease): calls `listener` with whether
   * a send from this process can succeed now (it holds the connection and it is open), now and on
   * every change, so that only that process takes send jobs. Absent: any process can send.
   */
  watchSendable?(listener: (sendable: boolean) => void): void;
}

/** Stores media bytes (the server's media store). */
export interface MediaSaver {
  save(input: {
    bytes: Uint8Array;
    declaredMimeType?: string | undefined;
    fileName?: string | undefined;
  }): Promise<{ id: string; mimeType: string; url: string; fileName: string | null; size: number }>;
}

/** Our own sent messages, for dedupe of echoes and the provider's retries (`getMessage`). */
export interface SentMessages {
  /** The text of a message we sent with this provider id, or null when we did not send it. */
  find(providerMessageId: string): Promise<{ text: string } | null>;
}

/**
 * Where a linked device's credentials and signal keys live: opaque strings by (type, id). Every
 * `write` is one transaction.
 */
export interface AuthKeyStore {
  read(type: string, ids: string[]): Promise<Map<string, string>>;
  write(entries: Array<{ type: string; id: string; value: string | null }>): Promise<void>;
  clear(): Promise<void>;
}

/** Minimal logger (pino-compatible); a channel never passes it secrets. */
export interface ChannelLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** One media download's connection pool: `dispatcher` goes to fetch; `destroy` aborts what it carries. */
export interface MediaDispatcher {
  dispatcher: unknown;
  destroy(error?: Error): Promise<void>;
}

/** What the server gives the linked-device adapter for one number. */
export interface LinkedDeviceOptions {
  sink: ChannelSink;
  auth: AuthKeyStore;
  sent: SentMessages;
  logger: ChannelLogger;
  /** The WhatsApp Web version announced at connect (405 means it is out of date). */
  version: [number, number, number];
  /** Error thrown by a send while not connected (the server's unavailable error), with why in pt-BR. */
  unavailable: (message?: string) => Error;
  /**
   * A fresh undici dispatcher for one media download (the server's SSRF-safe one, limited to
   * WhatsApp's media hosts): closing it aborts that download and nothing else. Opaque here: contracts
   * know nothing of undici.
   */
  mediaDispatcher: () => MediaDispatcher;
  /** Called after each inbound message is committed: ms since the provider's event reached us. */
  onReceiptToCommit?: ((ms: number) => void) | undefined;
  /** Tests only: a fake socket factory, a download without the network, a local WebSocket URL. */
  testHooks?: { socketFactory?: unknown; download?: unknown; webSocketUrl?: string } | undefined;
}

/** The linked-device package's entry point, loaded by the server with a dynamic import. */
export interface LinkedDeviceAdapter {
  createChannel(options: LinkedDeviceOptions): Channel & { logout(): Promise<void> };
  /** The hosts media may be downloaded from (the server's SSRF-safe dispatcher allows only these). */
  isMediaHost(host: string): boolean;
}
