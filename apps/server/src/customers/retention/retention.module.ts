import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { retentionPurgeJob } from '../../jobs/job-kinds.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { DAY_MS, localDayStart } from '../../kernel/time/time-windows.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { now } from '../../lib/clock.js';
import { purgeExpiredData } from '../privacy/purge-expired-data.js';

/** The purge runs at 03:00 local time, when nobody is answering customers. */
const RUN_AT_HOUR_MS = 3 * 3_600_000;

const dayKey = (at: number, zone: string) =>
  `${retentionPurgeJob.name}:${new Date(localDayStart(at, zone)).toISOString().slice(0, 10)}`;

/** The next 03:00 local time (in `zone`, the admins' time zone) after `at`. */
export function nextRun(at: number, zone: string): number {
  const today = localDayStart(at, zone) + RUN_AT_HOUR_MS;
  return today > at ? today : localDayStart(at + DAY_MS, zone) + RUN_AT_HOUR_MS;
}

/**
 * What is older than the retention period, as the personal-data registry says for each table
 * (customers/privacy): messages (with their reactions), template fill-ins and webhook deliveries deleted,
 * old conversations' last messages, activities and knowledge gaps blanked; then the deleted messages'
 * files. Audited when anything went.
 */
export async function purgeExpired(
  app: FastifyInstance,
  at: number,
): Promise<{ messages: number; media: number }> {
  const { dataRetentionDays } = await getSettings(app.db, 'admin-config');
  const cutoff = at - dataRetentionDays * DAY_MS;
  const purged = await app.db.transaction().execute(async (trx) => {
    const result = await purgeExpiredData(trx, cutoff);
    const touched = [...Object.values(result.deleted), ...Object.values(result.blanked)].some((n) => n > 0);
    if (touched) {
      await recordAudit(trx, {
        action: 'retention.purge',
        targetType: 'messages',
        detail: {
          messages: result.deleted.messages ?? 0,
          before: new Date(cutoff).toISOString(),
          deleted: result.deleted,
          blanked: result.blanked,
        },
      });
    }
    return result;
  });
  let media = 0;
  for (const id of purged.mediaIds) if (await app.media.remove(id)) media++;
  return { messages: purged.deleted.messages ?? 0, media };
}

/**
 * The daily retention purge as a durable job: one per local day (its dedupe key), so several
 * processes schedule it and exactly one runs it; each run schedules the next.
 */
export const retentionModule: FastifyPluginAsync = fp(
  async (app) => {
    const { jobs } = app.domain;
    const schedule = async (at: number) => {
      const zone = await settingsTimeZone(app.db);
      const runAt = nextRun(at, zone);
      await jobs.enqueue(app.db, retentionPurgeJob, {}, { dedupeKey: dayKey(runAt, zone), runAt });
    };
    jobs.register(retentionPurgeJob, async () => {
      const at = now();
      const purged = await purgeExpired(app, at);
      if (purged.messages > 0) app.log.info(purged, 'retention purge');
      await schedule(at + 1);
    });
    app.addHook('onReady', async () => {
      await schedule(now());
    });
  },
  { name: 'atende-retention', dependencies: ['atende-domain', 'atende-media'] },
);
