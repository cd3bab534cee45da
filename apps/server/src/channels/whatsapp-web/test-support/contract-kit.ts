import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InboundMedia } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  testConfig,
} from '../../../../test/helpers.js';
import { buildApp } from '../../../app.js';
import { samples } from '../../../conversations/media/test-support/media-samples.js';
import { openDatabase } from '../../../db/database.js';
import { now } from '../../../lib/clock.js';
import type { WhatsappWebTestHooks as WhatsappWebLoadOptions } from '../whatsapp-web-kind.js';
import { fakeSocketFactory } from './fake-baileys.js';

/** Bytes a fake download returns per media kind (real file signatures: the media store checks them). */
export function fakeDownload(media: InboundMedia): Uint8Array {
  const kind = media.descriptor.kind;
  if (kind === 'image') return samples.png;
  if (kind === 'sticker') return samples.webp;
  if (kind === 'audio') return samples.oggOpus;
  if (kind === 'document') return samples.pdf;
  if (kind === 'video') return samples.mp4;
  throw new Error('no media in message');
}

export interface LinkedDeviceAppOptions {
  /** A fake download of one's own (a failure, a hang); the fake bytes per kind otherwise. */
  download?: (media: InboundMedia) => Promise<Uint8Array> | undefined;
  /** Media is fetched for real (Baileys' download through the safe dispatcher) instead of faked. */
  realDownload?: boolean;
  mediaFetch?: WhatsappWebLoadOptions['mediaFetch'];
  /** More environment (e.g. MEDIA_MAX_BYTES). */
  env?: Record<string, string>;
  /** Each inbound message's time from Baileys' event to our commit (ms). */
  onReceiptToCommit?: (ms: number) => void;
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
    app = await buildApp(
      testConfig(database.url, { CHANNEL: 'whatsapp-web', MEDIA_DIR: mediaDir, ...options.env }),
      {
        dbHandle: handle,
        whatsappWeb: {
          socketFactory: fake.factory,
          ...(options.realDownload
            ? {}
            : { download: async (media: InboundMedia) => options.download?.(media) ?? fakeDownload(media) }),
          ...(options.mediaFetch ? { mediaFetch: options.mediaFetch } : {}),
          lease: { pollMs: 100, ttlMs: 2_000 },
          ...(options.onReceiptToCommit ? { onReceiptToCommit: options.onReceiptToCommit } : {}),
        },
      },
    );
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
