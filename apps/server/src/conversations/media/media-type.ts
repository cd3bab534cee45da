import { fileTypeFromBuffer } from 'file-type';

/** What a file was found to be from its first bytes. */
export interface DetectedType {
  mimeType: string;
  /** Served inline (images, audio, video) or only as a download. */
  inline: boolean;
}

const OOXML = 'application/vnd.openxmlformats-officedocument.';
const ODF = 'application/vnd.oasis.opendocument.';

/** The kinds of file we keep: what WhatsApp customers send and the composer accepts. */
function allowed(mime: string): DetectedType | null {
  if (/^image\/(jpeg|png|gif|webp|heic|heif|avif)$/.test(mime)) return { mimeType: mime, inline: true };
  if (mime.startsWith('audio/')) return { mimeType: mime, inline: true };
  if (/^video\/(mp4|3gpp|quicktime|webm)$/.test(mime)) return { mimeType: mime, inline: true };
  if (mime === 'application/pdf' || mime.startsWith(OOXML) || mime.startsWith(ODF)) {
    return { mimeType: mime, inline: false };
  }
  // Legacy Office files (.doc, .xls) are OLE containers: kept, served only as a download.
  if (mime === 'application/x-cfb') return { mimeType: 'application/octet-stream', inline: false };
  // A zip of documents is a common attachment (WhatsApp passes it on); only ever a download.
  if (mime === 'application/zip') return { mimeType: mime, inline: false };
  return null;
}

const TEXT_DECLARED = /^text\/(plain|csv)\b/i;
const TEXT_NAME = /\.(txt|csv)$/i;

/** Plain text has no signature: accepted when declared as text and the bytes are UTF-8 without NULs. */
function plainText(bytes: Uint8Array, declaredMimeType?: string, fileName?: string): DetectedType | null {
  const declared =
    (declaredMimeType && TEXT_DECLARED.test(declaredMimeType)) || TEXT_NAME.test(fileName ?? '');
  if (!declared || bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return { mimeType: 'text/plain; charset=utf-8', inline: false };
}

/** Starts like a zip or another container whose parse failed: never plain text. */
function looksBinaryContainer(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/**
 * The file's real type from its magic bytes (never the sender's word, except plain text, which has no
 * signature), or null when it is not a kind we keep (executables, other archives, HTML, SVG, …).
 */
export async function detectMediaType(
  bytes: Uint8Array,
  declaredMimeType?: string,
  fileName?: string,
): Promise<DetectedType | null> {
  // A truncated or malformed container (e.g. a cut-off zip) makes the parser throw: not a file we keep.
  const found = await fileTypeFromBuffer(bytes).catch(() => null);
  if (found) return allowed(found.mime);
  if (found === null && looksBinaryContainer(bytes)) return null;
  return plainText(bytes, declaredMimeType, fileName);
}

/** Whether a stored type is shown inline (the served Content-Disposition). */
export function isInlineType(mimeType: string): boolean {
  return /^(image|audio|video)\//.test(mimeType);
}
