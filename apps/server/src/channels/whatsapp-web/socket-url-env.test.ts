import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, testConfig } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { waitFor } from './test-support/contract-kit.js';

/** The linked-device package's fake WhatsApp server (test support; absent with the package). */
const fakeServerPath = fileURLToPath(
  new URL(
    '../../../../../packages/channel-whatsapp-web/test-support/fake-whatsapp-server.mjs',
    import.meta.url,
  ),
);

interface FakeWhatsappServer {
  url: string;
  clients: Array<{ registration: unknown }>;
  close(): Promise<void>;
}

/**
 * WHATSAPP_WEB_SOCKET_URL alone (no test hook) points the first inbox's real Baileys socket at a local
 * fake WhatsApp server, which completes the handshake and hands out pairing refs: the inbox shows a QR.
 * The production smoke does the same with the compiled build.
 */
describeEachDatabase('WHATSAPP_WEB_SOCKET_URL', (kind) => {
  it.skipIf(!existsSync(fakeServerPath))('the linked device reaches its QR on the local server', async () => {
    const { startFakeWhatsappServer } = (await import(fakeServerPath)) as {
      startFakeWhatsappServer(): Promise<FakeWhatsappServer>;
    };
    const fake = await startFakeWhatsappServer();
    const database = await createTestDatabase(kind);
    const handle = openDatabase(database.url);
    const config = testConfig(database.url, { CHANNEL: 'whatsapp-web', WHATSAPP_WEB_SOCKET_URL: fake.url });
    // Checked before anything connects: a config that dropped the variable would dial WhatsApp itself.
    expect(config.whatsappWebSocketUrl).toBe(fake.url);
    const app = await buildApp(config, { dbHandle: handle });
    try {
      await waitFor(() => app.domain.channel.status().state === 'qr', 20_000);
      expect(app.domain.channel.status()).toMatchObject({ channel: 'whatsapp-web', connected: false });
      expect(app.domain.channel.status().qr).toMatch(/^https:\/\/wa\.me\/settings\/linked_devices#2@/);
      expect(fake.clients.filter((client) => client.registration)).toHaveLength(1);
    } finally {
      await app.close();
      await handle.close();
      await database.destroy();
      await fake.close();
    }
  });
});
