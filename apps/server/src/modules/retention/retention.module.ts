import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { RETENTION_PURGE_JOB } from '../../jobs/job-kinds.js';
import { now } from '../../lib/clock.js';
import { DAY_MS, localDayStart } from '../analytics/time-windows.js';
import { mediaIdFromUrl } from '../media/media-store.js';
import { getSettings } from '../settings/settings.service.js';

/** The purge runs at 03:00 local time, when nobody is answering customers. */
const RUN_AT_HOUR_MS = 3 * 3_600_000;

const dayKey = (at: number) =>
  `${RETENTION_PURGE_JOB}:${new Date(localDayStart(at)).toISOString().slice(0, 10)}`;

/** The next 03:00 local time after `at`. */
export function nextRun(at: number): number {
  const today = localDayStart(at) + RUN_AT_HOUR_MS;
  return today > at ? today : localDayStart(at + DAY_MS) + RUN_AT_HOUR_MS;
}

/** Deletes what is older than the retention period: messages (with reactions) and their media files. */
export async function purgeExpired(
  app: FastifyInstance,
  at: number,
): Promise<{ messages: number; media: number }> {
  const { dataRetentionDays } = await getSettings(app.db, 'admin-config');
  const { messages, mediaUrls } = await app.domain.messaging.purgeMessagesBefore(
    at - dataRetentionDays * DAY_MS,
  );
  let media = 0;
  for (const url of mediaUrls) {
    const id = mediaIdFromUrl(url);
    if (id && (await app.media.remove(id))) media++;
  }
  return { messages, media };
}

/**
 * The daily retention purge as a durable job: one per local day (its dedupe key), so several
 * processes schedule it and exactly one runs it; each run schedules the next.
 */
export const retentionModule: FastifyPluginAsync = fp(
  async (app) => {
    const { jobs } = app.domain;
    const schedule = async (at: number) => {
      const runAt = nextRun(at);
      await jobs.enqueue(app.db, RETENTION_PURGE_JOB, {}, { dedupeKey: dayKey(runAt), runAt });
    };
    jobs.register(RETENTION_PURGE_JOB, async () => {
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
