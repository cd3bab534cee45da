import type { InboundMedia } from '@atende/contracts';
import { toNumber, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';

/** Baileys' media types we download (each derives its own decryption keys from the media key). */
export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';
const KINDS: readonly MediaKind[] = ['image', 'video', 'audio', 'document', 'sticker'];

/** The fields of a media message (image, video, audio, document, sticker) a download needs. */
export interface MediaContent {
  mimetype?: string | null;
  mediaKey?: Uint8Array | null;
  directPath?: string | null;
  url?: string | null;
  /** A number, or a protobuf Long for large files. */
  fileLength?: Parameters<typeof toNumber>[0];
}

/** What is stored with the message until its media is downloaded (JSON: the key as base64). */
interface Descriptor {
  kind: MediaKind;
  mediaKey: string;
  directPath: string | null;
  url: string | null;
  /** The message's key: a re-upload of expired media is asked of the phone by it. */
  key: { remoteJid: string; id: string; fromMe: boolean; participant?: string };
}

/** The port's description of a message's media, from the message's key and media fields. */
export function mediaDescriptor(
  key: WAMessageKey,
  media: { kind: MediaKind; content: MediaContent; fileName: string | undefined },
): InboundMedia {
  const { content } = media;
  const length = content.fileLength == null ? undefined : toNumber(content.fileLength);
  const descriptor: Descriptor = {
    kind: media.kind,
    mediaKey: content.mediaKey ? Buffer.from(content.mediaKey).toString('base64') : '',
    directPath: content.directPath ?? null,
    url: content.url ?? null,
    key: {
      remoteJid: key.remoteJid ?? '',
      id: key.id ?? '',
      fromMe: Boolean(key.fromMe),
      ...(key.participant ? { participant: key.participant } : {}),
    },
  };
  return {
    descriptor: { ...descriptor },
    mimeType: content.mimetype ?? undefined,
    fileName: media.fileName,
    fileLength: length !== undefined && Number.isFinite(length) && length > 0 ? length : undefined,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The stored descriptor back as a Baileys message holding only the media (what `downloadMediaMessage`
 * and a re-upload request read), or null when it does not read as one.
 */
export function mediaMessage(media: InboundMedia): WAMessage | null {
  const d = media.descriptor as Partial<Descriptor>;
  const kind = KINDS.find((candidate) => candidate === d.kind);
  const mediaKey = text(d.mediaKey);
  const key = d.key;
  if (!kind || !mediaKey || !key || typeof key !== 'object') return null;
  if (!text(d.directPath) && !text(d.url)) return null;
  const content: MediaContent = {
    mediaKey: Buffer.from(mediaKey, 'base64'),
    directPath: text(d.directPath),
    url: text(d.url),
    mimetype: media.mimeType ?? null,
  };
  return {
    key: {
      remoteJid: text(key.remoteJid),
      id: text(key.id),
      fromMe: key.fromMe === true,
      ...(text(key.participant) ? { participant: text(key.participant) } : {}),
    },
    message: { [`${kind}Message`]: content },
  };
}
