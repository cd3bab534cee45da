import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One stored file (migration 007). The bytes live on disk under MEDIA_DIR, named by `id`. */
export interface MediaTable {
  id: string;
  /** Detected from the bytes, never taken from the sender. */
  mime_type: string;
  size: number;
  /** The name the sender gave, cleaned; shown in Content-Disposition. */
  file_name: string | null;
  sha256: string;
  created_at: number;
}

export type MediaDatabase = Database & { media: MediaTable };

/** The database seen with the media table (owned by this module, so typed here). */
export function mediaDb(db: Kysely<Database>): Kysely<MediaDatabase> {
  return db.withTables<{ media: MediaTable }>();
}
