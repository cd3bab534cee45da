/**
 * What the adapter needs from the server, in the server's terms (structurally the same as the server's
 * `channels/channel.ts`): this package never imports the server, the server never imports Baileys.
 */
import type { MessageType, WhatsappStatus } from '@atende/contracts';

export interface InboundMessage {
  providerMessageId: string;
  /** The customer's phone number (digits). With LID addressing and no known number: the LID's digits. */
  phone: string;
  /** The customer's LID (`…@lid` user part) when WhatsApp addressed them by it. */
  lid?: string | undefined;
  name?: string | undefined;
  text: string;
  type: MessageType;
  quotedId?: string | undefined;
  timestamp?: number | undefined;
  mediaUrl?: string | undefined;
  mediaMimeType?: string | undefined;
  mediaId?: string | undefined;
  fileName?: string | undefined;
  /** 'phone': typed on the business phone itself (a person answered: pause the agent). */
  sender?: 'client' | 'phone' | undefined;
  /** History sync or offline replay of old messages: stored, never answered by the agent. */
  history?: boolean | undefined;
}

export interface InboundReaction {
  phone: string;
  lid?: string | undefined;
  targetProviderMessageId: string;
  emoji: string | null;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface DeliveryUpdate {
  providerMessageId: string;
  status: DeliveryStatus;
}

export type StatusTransition =
  | { kind: 'connecting' }
  | { kind: 'qr'; qr: string }
  | { kind: 'ready'; phone: string | null }
  | { kind: 'disconnected'; reason: string | null };

export type ChannelStatus = WhatsappStatus;

export interface ChannelSink {
  onStatus(transition: StatusTransition, status: ChannelStatus): void;
  onInboundMessage(message: InboundMessage): Promise<unknown>;
  onInboundReaction(reaction: InboundReaction): Promise<void>;
  onDeliveryStatus(update: DeliveryUpdate): Promise<void>;
  /** WhatsApp told us that each LID and phone number (digits) are the same person: stored durably. */
  onIdentities?(pairs: ReadonlyArray<{ lid: string; phone: string }>): Promise<void>;
}

/** Stores media bytes (the server's media store). */
export interface MediaSaver {
  save(input: { bytes: Uint8Array; declaredMimeType?: string; fileName?: string }): Promise<{
    id: string;
    mimeType: string;
    url: string;
    fileName: string | null;
  }>;
}

/** Our own sent messages, for dedupe of echoes and Baileys' `getMessage` (retries). */
export interface SentMessages {
  /** The text of a message we sent with this provider id, or null when we did not send it. */
  find(providerMessageId: string): Promise<{ text: string } | null>;
}

/**
 * Where the linked device's credentials and signal keys live: opaque strings by (type, id). Every
 * `write` is one transaction. A future Baileys auth format migrates behind this interface.
 */
export interface AuthKeyStore {
  read(type: string, ids: string[]): Promise<Map<string, string>>;
  write(entries: Array<{ type: string; id: string; value: string | null }>): Promise<void>;
  clear(): Promise<void>;
}

/** Minimal logger (pino-compatible); the adapter never passes it secrets. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
