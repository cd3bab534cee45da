import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  testConfig,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { now } from '../../lib/clock.js';
import { samples } from '../../modules/media/media-samples.js';
import { fakeSocketFactory } from './fake-baileys.js';
import type { WhatsappWebTestHooks as WhatsappWebLoadOptions } from './whatsapp-web-kind.js';

/** Bytes a fake download returns per media kind (real file signatures: the media store checks them). */
function fakeDownload(message: { message?: Record<string, unknown> }): Uint8Array {
  const json = JSON.stringify(message.message ?? {});
  if (json.includes('imageMessage')) return samples.png;
  if (json.includes('audioMessage')) return samples.oggOpus;
  if (json.includes('documentMessage')) return samples.pdf;
  throw new Error('no media in message');
}

export interface LinkedDeviceAppOptions {
  /** Media is fetched for real (Baileys' download through the safe dispatcher) instead of faked. */
  realDownload?: boolean;
  mediaFetch?: WhatsappWebLoadOptions['mediaFetch'];
}

/** The real app with CHANNEL=whatsapp-web over a fake Baileys socket, on a fresh database. */
export async function createLinkedDeviceApp(kind: TestDatabaseKind, options: LinkedDeviceAppOptions = {}) {
  const database = await createTestDatabase(kind);
  const mediaDir = mkdtempSync(join(tmpdir(), 'atende-wa-media-'));
  const close = async () => {
    await database.destroy();
    rmSync(mediaDir, { recursive: true, force: true });
  };
  let booted: Booted;
  try {
    booted = await boot(database, mediaDir, options);
  } catch (error) {
    await close();
    throw error;
  }
  const t = {
    ...booted,
    mediaDir,
    async close(): Promise<void> {
      await t.stop();
      await close();
    },
    /** A new process on the same database: the app and its channel start from nothing in memory. */
    async restart(): Promise<void> {
      await t.stop();
      Object.assign(t, await boot(database, mediaDir, options));
    },
  };
  return t;
}

type Booted = Awaited<ReturnType<typeof boot>>;

async function boot(database: TestDatabase, mediaDir: string, options: LinkedDeviceAppOptions) {
  const handle = openDatabase(database.url);
  const fake = fakeSocketFactory();
  const emitted: string[] = [];
  let app: FastifyInstance;
  try {
    app = await buildApp(testConfig(database.url, { CHANNEL: 'whatsapp-web', MEDIA_DIR: mediaDir }), {
      dbHandle: handle,
      whatsappWeb: {
        socketFactory: fake.factory,
        ...(options.realDownload
          ? {}
          : { download: async (message: { message?: Record<string, unknown> }) => fakeDownload(message) }),
        ...(options.mediaFetch ? { mediaFetch: options.mediaFetch } : {}),
        lease: { pollMs: 100, ttlMs: 2_000 },
      },
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  app.realtime.onEmit((event) => emitted.push(event));
  // The first app of a test file imports Baileys here (seconds, more on a loaded machine).
  await waitFor(() => fake.sockets.length > 0, 20_000);
  return {
    app,
    fake,
    emitted,
    async stop() {
      await app.close();
      await handle.close();
    },
    /** Runs the due jobs now (channel sends), with the agent's replies skipped. */
    async runJobs() {
      await app.db.updateTable('jobs').set({ status: 'done' }).where('kind', '=', 'agent_reply').execute();
      await app.db.updateTable('jobs').set({ run_at: now() }).where('status', '=', 'pending').execute();
      await app.domain.jobs.drain();
    },
  };
}

export type LinkedDeviceApp = Awaited<ReturnType<typeof createLinkedDeviceApp>>;

/** Polls until `check` holds (events are handled asynchronously, in order). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
