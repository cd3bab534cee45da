import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MEDIA_TYPE_REFUSED, UPLOAD_MAX_BYTES } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { mediaDb } from './media.table.js';
import { detectMediaType } from './media-type.js';

/** A file an operator uploads weighs at most WhatsApp's largest (a 100 MB document). */
export { UPLOAD_MAX_BYTES };
/** Default for what customers send (WhatsApp: images ≤ 5 MB, audio/video ≤ 16 MB). */
export const INBOUND_MAX_BYTES = 16 * 1024 * 1024;

const megabytes = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
export const MEDIA_TOO_LARGE = (maxBytes: number) =>
  `Arquivo muito grande. Tamanho máximo: ${megabytes.format(maxBytes / (1024 * 1024))} MB`;
export { MEDIA_TYPE_REFUSED };

export interface SaveMediaInput {
  bytes: Uint8Array;
  /** What the sender said it is: used only for plain text, which has no magic bytes. */
  declaredMimeType?: string | undefined;
  fileName?: string | undefined;
  /** Overrides the store's limit (uploads pass UPLOAD_MAX_BYTES). */
  maxBytes?: number | undefined;
  /**
   * Refuses a file of a detected type before it is written: the message of the limit it passes, or
   * null (uploads: WhatsApp's limit per kind of file).
   */
  refuse?: ((file: { mimeType: string; size: number }) => string | null) | undefined;
}

export interface StoredMedia {
  id: string;
  mimeType: string;
  size: number;
  fileName: string | null;
  sha256: string;
  /** Where the dashboard reads it (authenticated). */
  url: string;
}

export interface OpenedMedia extends StoredMedia {
  stream(): ReadStream;
}

export interface MediaStore {
  /** Checks size and type, writes the file, then records it. Throws AppError (413 / 400). */
  save(input: SaveMediaInput): Promise<StoredMedia>;
  /** The file and its metadata, or null when unknown (or removed). */
  open(id: string): Promise<OpenedMedia | null>;
  /** Deletes the record and the file (LGPD erasure); false when it did not exist. Idempotent. */
  remove(id: string): Promise<boolean>;
}

export const mediaUrl = (id: string) => `/api/media/${id}`;

const URL_PATTERN = /^\/api\/media\/([0-9a-f-]{36})$/;

/** The media id behind a message's `mediaUrl`, or null for any other URL. */
export function mediaIdFromUrl(url: string | null | undefined): string | null {
  return (url && URL_PATTERN.exec(url)?.[1]) || null;
}

export const MEDIA_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keeps a display name: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((c) => c !== '"' && (c.codePointAt(0) ?? 0) >= 0x20 && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : null;
}

/**
 * Media on disk under `dir` (one file per id, in 256 folders by the id's last two hex digits), its
 * metadata in the `media` table. A file is written (and fsynced) under a temporary name and renamed
 * before its row is inserted, so a row always has its whole file; a crash in between leaves only an
 * orphan `.tmp-*` file, never a broken record.
 */
export function createMediaStore(options: {
  db: Kysely<Database>;
  dir: string;
  maxBytes?: number;
}): MediaStore {
  const db = mediaDb(options.db);
  const root = resolve(options.dir);
  const defaultMax = options.maxBytes ?? INBOUND_MAX_BYTES;
  const pathOf = (id: string) => join(root, id.slice(-2), id);

  function toStored(row: {
    id: string;
    mime_type: string;
    size: number;
    file_name: string | null;
    sha256: string;
  }): StoredMedia {
    return {
      id: row.id,
      mimeType: row.mime_type,
      size: Number(row.size),
      fileName: row.file_name,
      sha256: row.sha256,
      url: mediaUrl(row.id),
    };
  }

  async function writeFile(path: string, bytes: Uint8Array): Promise<void> {
    const temporary = `${path}.tmp-${randomBytes(6).toString('hex')}`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  }

  return {
    async save(input) {
      const maxBytes = input.maxBytes ?? defaultMax;
      if (input.bytes.byteLength > maxBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_TOO_LARGE(maxBytes));
      if (input.bytes.byteLength === 0) throw new AppError('VALIDATION_ERROR', 'Arquivo vazio');
      const fileName = cleanFileName(input.fileName);
      const type = await detectMediaType(input.bytes, input.declaredMimeType, fileName ?? undefined);
      if (!type) throw new AppError('VALIDATION_ERROR', MEDIA_TYPE_REFUSED);
      const refused = input.refuse?.({ mimeType: type.mimeType, size: input.bytes.byteLength });
      if (refused) throw new AppError('PAYLOAD_TOO_LARGE', refused);
      const id = newId();
      const path = pathOf(id);
      await mkdir(join(root, id.slice(-2)), { recursive: true, mode: 0o700 });
      await writeFile(path, input.bytes);
      const row = {
        id,
        mime_type: type.mimeType,
        size: input.bytes.byteLength,
        file_name: fileName,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        created_at: now(),
      };
      try {
        await db.insertInto('media').values(row).execute();
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return toStored(row);
    },

    async open(id) {
      if (!MEDIA_ID_PATTERN.test(id)) return null;
      const row = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const path = pathOf(id);
      // A row whose file is gone (restored database, deleted folder) is reported missing, not a 500.
      const exists = await stat(path).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!exists) return null;
      return { ...toStored(row), stream: () => createReadStream(path) };
    },

    async remove(id) {
      if (!MEDIA_ID_PATTERN.test(id)) return false;
      const result = await db.deleteFrom('media').where('id', '=', id).executeTakeFirst();
      try {
        await unlink(pathOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      return Number(result.numDeletedRows) > 0;
    },
  };
}
