import type { InboundMedia, InboundMessage } from '@atende/contracts';
import { normalizeMessageContent, type proto, toNumber, type WAMessage } from '@whiskeysockets/baileys';
import { type Identity, identityOf, isIgnoredJid } from './jid.js';
import { type MediaContent, type MediaKind, mediaDescriptor } from './media-descriptor.js';

/** Media a message announces, in Baileys' terms: downloaded later, from what the message carries. */
export interface PendingMedia {
  kind: MediaKind;
  content: MediaContent;
  fileName: string | undefined;
}

export type MappedInbound =
  | { kind: 'ignore'; reason: IgnoreReason }
  | {
      kind: 'message';
      identity: Identity;
      fromMe: boolean;
      message: Omit<InboundMessage, 'phone' | 'lid'>;
    };

export type IgnoreReason = 'not_a_person' | 'no_id' | 'undecryptable' | 'reaction' | 'protocol' | 'empty';

type Content = proto.IMessage;

const contextOf = (content: Content): proto.IContextInfo | null | undefined => {
  for (const value of Object.values(content)) {
    const context = (value as { contextInfo?: proto.IContextInfo } | null)?.contextInfo;
    if (context) return context;
  }
  return undefined;
};

function locationText(location: proto.Message.ILocationMessage): string {
  const place = [location.name, location.address].filter(Boolean).join(' — ');
  const at = `${location.degreesLatitude ?? 0}, ${location.degreesLongitude ?? 0}`;
  return place ? `📍 ${place} (${at})` : `📍 Localização (${at})`;
}

const pending = (
  kind: MediaKind,
  content: PendingMedia['content'],
  fileName?: string | null | undefined,
): PendingMedia => ({
  kind,
  content,
  fileName: fileName ?? undefined,
});

/** Our type, text and media for a message's (unwrapped) content; null when it carries nothing we show. */
export function mapContent(
  content: Content,
): { type: InboundMessage['type']; text: string; media: PendingMedia | null } | null {
  if (content.conversation) return { type: 'text', text: content.conversation, media: null };
  if (content.extendedTextMessage?.text) {
    return { type: 'text', text: content.extendedTextMessage.text, media: null };
  }
  if (content.imageMessage) {
    const image = content.imageMessage;
    return { type: 'image', text: image.caption || '[Imagem]', media: pending('image', image) };
  }
  if (content.stickerMessage) {
    return { type: 'sticker', text: '[Figurinha]', media: pending('sticker', content.stickerMessage) };
  }
  if (content.audioMessage) {
    const audio = content.audioMessage;
    return {
      type: 'audio',
      text: audio.ptt ? '[Mensagem de voz]' : '[Áudio]',
      media: pending('audio', audio),
    };
  }
  if (content.documentMessage) {
    const document = content.documentMessage;
    const name = document.fileName ?? document.title ?? undefined;
    return {
      type: 'document',
      text: document.caption || `[Documento${name ? `: ${name}` : ''}]`,
      media: pending('document', document, name),
    };
  }
  if (content.videoMessage) {
    const video = content.videoMessage;
    return { type: 'video', text: video.caption || '[Vídeo]', media: pending('video', video) };
  }
  if (content.ptvMessage) {
    return { type: 'video', text: '[Vídeo]', media: pending('video', content.ptvMessage) };
  }
  if (content.locationMessage)
    return { type: 'location', text: locationText(content.locationMessage), media: null };
  if (content.liveLocationMessage) {
    return { type: 'location', text: locationText(content.liveLocationMessage), media: null };
  }
  if (content.contactMessage) {
    return {
      type: 'text',
      text: `[Contato: ${content.contactMessage.displayName ?? ''}]`.trim(),
      media: null,
    };
  }
  return null;
}

/**
 * Translates one Baileys message into ours, or says why it is skipped. Unwraps ephemeral, view-once
 * and caption wrappers (`normalizeMessageContent`). Reactions are skipped here: they are handled once,
 * from `messages.reaction`. A decrypt-failure stub (no content) is skipped, so the real message that
 * later arrives with the same id is stored as new.
 */
export function mapInbound(message: WAMessage): MappedInbound {
  const key = message.key;
  if (!key?.id) return { kind: 'ignore', reason: 'no_id' };
  if (isIgnoredJid(key.remoteJid)) return { kind: 'ignore', reason: 'not_a_person' };
  const content = normalizeMessageContent(message.message);
  if (!content) {
    return { kind: 'ignore', reason: message.messageStubType ? 'undecryptable' : 'empty' };
  }
  if (content.reactionMessage) return { kind: 'ignore', reason: 'reaction' };
  if (
    content.protocolMessage ||
    (content.senderKeyDistributionMessage && Object.keys(content).length === 1)
  ) {
    return { kind: 'ignore', reason: 'protocol' };
  }
  const mapped = mapContent(content);
  if (!mapped) return { kind: 'ignore', reason: 'empty' };
  const quoted = contextOf(content)?.stanzaId ?? undefined;
  const seconds = message.messageTimestamp ? toNumber(message.messageTimestamp) : 0;
  const media: InboundMedia | undefined = mapped.media ? mediaDescriptor(key, mapped.media) : undefined;
  return {
    kind: 'message',
    identity: identityOf(key.remoteJid as string, (key as { remoteJidAlt?: string }).remoteJidAlt),
    fromMe: Boolean(key.fromMe),
    message: {
      providerMessageId: key.id,
      name: key.fromMe ? undefined : (message.pushName ?? undefined),
      text: mapped.text,
      type: mapped.type,
      quotedId: quoted,
      timestamp: seconds > 0 ? seconds * 1000 : undefined,
      media,
    },
  };
}

/** Baileys' receipt status (proto.WebMessageInfo.Status) in our terms; null for pending/unknown. */
export function mapReceipt(
  status: number | null | undefined,
): 'sent' | 'delivered' | 'read' | 'failed' | null {
  switch (status) {
    case 0:
      return 'failed';
    case 2:
      return 'sent';
    case 3:
      return 'delivered';
    case 4:
    case 5:
      return 'read';
    default:
      return null;
  }
}
