import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { getSettings } from '../settings/settings.service.js';

/** The time zone days and hours are counted in, and dates are written in: `admin-config.timezone`. */
export async function settingsTimeZone(db: Kysely<Database>): Promise<string> {
  return (await getSettings(db, 'admin-config')).timezone;
}
