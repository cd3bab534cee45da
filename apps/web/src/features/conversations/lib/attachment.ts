import {
  DOCUMENT_EXTENSIONS,
  MEDIA_MAX_BYTES,
  MEDIA_TYPE_REFUSED,
  type MediaKind,
  mediaKindOf,
  mediaTooLargeMessage,
} from '@atende/contracts';

export const ATTACHMENT_ERRORS = { badType: MEDIA_TYPE_REFUSED, empty: 'O arquivo está vazio.' } as const;

/** The file input's `accept`: images, video, audio and the documents WhatsApp passes on. */
export const ATTACHMENT_ACCEPT = [
  'image/*',
  'video/*',
  'audio/*',
  ...DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`),
].join(',');

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
const isDocumentExtension = (extension: string) =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(extension);

/**
 * How the file will reach the customer, or null when it is not a kind WhatsApp takes (the server
 * checks the bytes again; this only spares an upload that would be refused).
 */
export function attachmentKind(file: { name: string; type: string }): MediaKind | null {
  if (/^(image|video|audio)\//.test(file.type)) return mediaKindOf(file.type);
  return isDocumentExtension(extensionOf(file.name)) ? 'document' : null;
}

/** The error to show before uploading, or null when the file may be sent (WhatsApp's limit per kind). */
export function validateAttachment(file: { name: string; size: number; type: string }): string | null {
  const kind = attachmentKind(file);
  if (!kind) return ATTACHMENT_ERRORS.badType;
  if (file.size === 0) return ATTACHMENT_ERRORS.empty;
  if (file.size > MEDIA_MAX_BYTES[kind]) return mediaTooLargeMessage(kind);
  return null;
}

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A file's size as a Brazilian reads it: "820 bytes", "12,5 KB", "1,2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${sizeFormat.format(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

/** What a media message says when it has no caption: "[Imagem]", "[Documento: nota.pdf]"… */
const MEDIA_PLACEHOLDER = /^\[(Imagem|Vídeo|Áudio|Mensagem de voz|Figurinha|Documento)(?:: ([^\]]*))?\]$/;

/** The label and file name of a placeholder text ("[Documento: nota.pdf]"), or null for any other text. */
export function mediaPlaceholder(text: string): { label: string; fileName: string | null } | null {
  const match = MEDIA_PLACEHOLDER.exec(text.trim());
  if (!match?.[1]) return null;
  return { label: match[1], fileName: match[2]?.trim() || null };
}
