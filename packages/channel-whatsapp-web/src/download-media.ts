import { createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import type { InboundMedia, MediaDispatcher, MediaDownloadLimits } from '@atende/contracts';
import { getMediaKeys, getUrlFromDirectPath, type WAMessage } from '@whiskeysockets/baileys';
import { type MediaKind, mediaMessage } from './media-descriptor.js';

/** WhatsApp no longer has the file at that address: the phone is asked to upload it again. */
const REUPLOAD_STATUSES = [404, 410];
/** What WhatsApp Web sends, and its CDN expects. */
const ORIGIN = 'https://web.whatsapp.com';
/** The MAC WhatsApp appends to the encrypted file. */
const MAC_LENGTH = 10;
/** Encryption adds at most one AES block of padding and the MAC to the plain file. */
const OVERHEAD = 16 + MAC_LENGTH;

/** A download refused for good (too large, or the message holds nothing to download). */
export class MediaRefusedError extends Error {
  readonly code = 'MEDIA_REFUSED';
  override name = 'MediaRefusedError';
}

/** The CDN answered an HTTP error. */
class MediaHttpError extends Error {
  constructor(readonly status: number) {
    super(`o servidor de mídia respondeu ${status}`);
  }
}

export interface DownloadDeps {
  /** A connection pool of its own for this download, destroyed when it ends. */
  dispatcher: () => MediaDispatcher;
  /** Asks the phone for a fresh copy of expired media (Baileys' `updateMediaMessage`); absent offline. */
  reupload?: ((message: WAMessage) => Promise<WAMessage>) | undefined;
}

interface Located {
  kind: MediaKind;
  url: string;
  mediaKey: Uint8Array;
}

/** Where the file is and how it is keyed, from a Baileys message holding one media field. */
function locate(message: WAMessage): Located {
  const [field, content] = Object.entries(message.message ?? {})[0] ?? [];
  const media = content as
    | { mediaKey?: Uint8Array; directPath?: string | null; url?: string | null }
    | undefined;
  const kind = field?.replace(/Message$/, '') as MediaKind | undefined;
  if (!kind || !media?.mediaKey) throw new MediaRefusedError('mensagem sem mídia para baixar');
  let host: string | undefined;
  try {
    host = media.url ? new URL(media.url).host : undefined;
  } catch {
    host = undefined;
  }
  // As Baileys does: the direct path on the media host when there is one, else the URL as given.
  const url = media.directPath ? getUrlFromDirectPath(media.directPath, host) : media.url;
  if (!url) throw new MediaRefusedError('mensagem sem endereço de mídia');
  return { kind, url, mediaKey: media.mediaKey };
}

/**
 * Downloads and decrypts a message's media within limits Baileys' own download does not have (and
 * without its unguarded stream, whose network error mid-body would be an uncaught exception): the
 * announced size is checked before any request, the bytes are counted as they arrive and the request
 * aborted past the limit, the whole download has a deadline, and the file's MAC is verified. Each
 * attempt has its own connection pool (the server's SSRF-safe dispatcher, WhatsApp hosts only).
 */
export async function downloadMedia(
  media: InboundMedia,
  limits: MediaDownloadLimits,
  deps: DownloadDeps,
): Promise<Uint8Array> {
  if (media.fileLength !== undefined && media.fileLength > limits.maxBytes) {
    throw new MediaRefusedError(`mídia de ${media.fileLength} bytes, acima de ${limits.maxBytes}`);
  }
  let message = mediaMessage(media);
  if (!message) throw new MediaRefusedError('mensagem sem mídia para baixar');
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    return await attempt(locate(message), limits.maxBytes, signal, deps);
  } catch (error) {
    if (!(error instanceof MediaHttpError) || !REUPLOAD_STATUSES.includes(error.status) || !deps.reupload) {
      throw error;
    }
    message = await deps.reupload(message);
    return attempt(locate(message), limits.maxBytes, signal, deps);
  }
}

async function attempt(
  located: Located,
  maxBytes: number,
  deadline: AbortSignal,
  deps: DownloadDeps,
): Promise<Uint8Array> {
  const pool = deps.dispatcher();
  const abort = new AbortController();
  const signal = AbortSignal.any([deadline, abort.signal]);
  try {
    const response = await fetch(located.url, {
      headers: { Origin: ORIGIN },
      signal,
      dispatcher: pool.dispatcher,
    } as RequestInit);
    if (!response.ok || !response.body) throw new MediaHttpError(response.status);
    const announced = Number(response.headers.get('content-length') ?? Number.NaN);
    if (announced > maxBytes + OVERHEAD) {
      abort.abort();
      throw new MediaRefusedError(`mídia de ${announced} bytes, acima de ${maxBytes}`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes + OVERHEAD) {
        abort.abort();
        await reader.cancel().catch(() => {});
        throw new MediaRefusedError(`mídia acima de ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
    const plain = await decrypt(Buffer.concat(chunks), located);
    if (plain.byteLength > maxBytes) throw new MediaRefusedError(`mídia acima de ${maxBytes} bytes`);
    return new Uint8Array(plain);
  } catch (error) {
    if (deadline.aborted) throw new Error('tempo esgotado ao baixar a mídia', { cause: error });
    throw error;
  } finally {
    await pool.destroy().catch(() => {});
  }
}

/** WhatsApp's media encryption: AES-256-CBC, then the first 10 bytes of HMAC-SHA256(iv ‖ ciphertext). */
async function decrypt(encrypted: Buffer, located: Located): Promise<Buffer> {
  const { iv, cipherKey, macKey } = await getMediaKeys(located.mediaKey, located.kind);
  if (encrypted.byteLength <= MAC_LENGTH || !macKey) throw new Error('arquivo de mídia incompleto');
  const body = encrypted.subarray(0, encrypted.byteLength - MAC_LENGTH);
  const mac = encrypted.subarray(encrypted.byteLength - MAC_LENGTH);
  const expected = createHmac('sha256', macKey).update(iv).update(body).digest().subarray(0, MAC_LENGTH);
  if (!timingSafeEqual(mac, expected)) throw new Error('arquivo de mídia corrompido (MAC)');
  const decipher = createDecipheriv('aes-256-cbc', cipherKey, iv);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}
