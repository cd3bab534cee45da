import { z } from 'zod';
import { idSchema } from './common.js';

/** `GET /api/media/:id`: a stored file, served with its detected type. */
export const mediaParamsSchema = z.object({ id: idSchema });

/** A stored file as the server describes it (the bytes are at `url`, authenticated). */
export const storedMediaSchema = z.object({
  id: idSchema,
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  fileName: z.string().nullable(),
  url: z.string(),
});
export type StoredMediaInfo = z.infer<typeof storedMediaSchema>;

/** How a file reaches the customer: WhatsApp shows each kind differently and limits each one's size. */
export const mediaKindSchema = z.enum(['image', 'video', 'audio', 'document']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

const MB = 1024 * 1024;

/**
 * WhatsApp's limits for a file a business sends (the Cloud API's, the strictest of our channel kinds;
 * a linked device refuses more than these too): images 5 MB, video and audio 16 MB, documents 100 MB.
 */
export const MEDIA_MAX_BYTES: Readonly<Record<MediaKind, number>> = {
  image: 5 * MB,
  video: 16 * MB,
  audio: 16 * MB,
  document: 100 * MB,
};
/** The largest file of any kind: what an upload may weigh before its type is known. */
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES));

/** A media message's caption (WhatsApp cuts captions at 1,024 characters). */
export const CAPTION_MAX_CHARS = 1024;

/** How the customer's app shows a file of this type. */
export function mediaKindOf(mimeType: string): MediaKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}

const KIND_NAMES: Readonly<Record<MediaKind, { one: string; many: string }>> = {
  image: { one: 'Imagem', many: 'imagens' },
  video: { one: 'Vídeo', many: 'vídeos' },
  audio: { one: 'Áudio', many: 'áudios' },
  document: { one: 'Documento', many: 'documentos' },
};

/** The pt-BR name of a kind, as the chat and the list say it ("Documento: nota.pdf"). */
export function mediaKindLabel(kind: MediaKind): string {
  return KIND_NAMES[kind].one;
}

/** "Imagem muito grande: o WhatsApp aceita imagens de até 5 MB." */
export function mediaTooLargeMessage(kind: MediaKind): string {
  const { one, many } = KIND_NAMES[kind];
  return `${one} muito grande: o WhatsApp aceita ${many} de até ${MEDIA_MAX_BYTES[kind] / MB} MB.`;
}

/** The documents an operator may send besides images, video and audio (by extension). */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'csv',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'txt',
  'zip',
] as const;

export const MEDIA_TYPE_REFUSED =
  'Tipo de arquivo não suportado. Envie imagens, vídeos, áudios ou documentos (PDF, Word, Excel, PowerPoint, OpenDocument, CSV, TXT ou ZIP).';
