import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN } from '@atende/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn, VIEWPORTS } from './support/browser';
import { freePort } from './support/free-port';
import { repoRoot, serverEnv } from './support/server-env';

/**
 * A linked-device inbox as the admin and the operators see it, on a server of its own whose WhatsApp
 * phone is a fake Baileys socket driven from here (apps/server/test/linked-device-server.ts): pairing
 * by code, then a customer who edits one message and deletes another, seen live in the chat. With
 * LINKED_DEVICE_SCREENSHOTS set to a folder, what it saw is saved there (docs/screenshots/linked-device).
 */

const shots = process.env.LINKED_DEVICE_SCREENSHOTS;
const CUSTOMER = '5511987654321';
const JID = `${CUSTOMER}@s.whatsapp.net`;

interface Server {
  baseUrl: string;
  child: ChildProcess;
  dataDir: string;
  /** Emits a Baileys event on the fake phone's socket. */
  emit(event: string, payload: unknown, user?: string): Promise<void>;
  /** What the phone was asked to send so far. */
  sent(): Promise<Array<{ jid: string; kinds: string[]; caption?: string }>>;
}

async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-linked-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/linked-device-server.ts'], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir, { CHANNEL: 'whatsapp-web' }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 0;
  const waiting = new Map<number, (answer: { sent?: unknown }) => void>();
  const ready = new Promise<void>((resolveReady, reject) => {
    child.once('exit', (code) => reject(new Error(`o servidor terminou (código ${code})`)));
    child.on('message', (message: { ready?: number; done?: number; sent?: unknown }) => {
      if (message.ready) resolveReady();
      if (message.done !== undefined) waiting.get(message.done)?.(message);
    });
  });
  await ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    dataDir,
    emit: (event, payload, user) =>
      new Promise<void>((done) => {
        const id = next++;
        waiting.set(id, () => done());
        child.send({ id, event, payload, ...(user ? { user } : {}) });
      }),
    sent: () =>
      new Promise((done) => {
        const id = next++;
        waiting.set(id, (answer) => done(answer.sent as Array<{ jid: string; kinds: string[] }>));
        child.send({ id, query: 'sent' });
      }),
  };
}

async function api<T>(server: Server, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await target.screenshot({ path: join(shots, `${name}.png`) });
}

const seconds = () => Math.floor(Date.now() / 1000);
const text = (id: string, body: string) => ({
  key: { remoteJid: JID, fromMe: false, id, addressingMode: 'pn' },
  messageTimestamp: seconds(),
  pushName: 'Marina Costa',
  message: { conversation: body },
});

describe('linked device in the browser', () => {
  let server: Server;
  let browser: Browser;
  let session: { token: string; user: { id: string; name: string; email: string; role: string } };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await api(server, '/auth/login', undefined, { ...DEMO_ADMIN, remember: false });
  });
  afterAll(async () => {
    await browser?.close();
    if (server?.child.exitCode === null) {
      const exited = new Promise((done) => server.child.once('exit', done));
      server.child.kill('SIGTERM');
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  const open = async (viewport: keyof typeof VIEWPORTS, path: string) => {
    const { page } = await newPage(browser, { baseURL: server.baseUrl, viewport: VIEWPORTS[viewport] });
    await signIn(page, path, session);
    return page;
  };

  it('pairs by code: the admin types the number, the card and the dialog show the code', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await open(viewport, '/integrations');
      const row = page.getByTestId('inbox-row').filter({ hasText: 'WhatsApp' }).first();
      await row.getByRole('button', { name: /^Conectar / }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('inbox-qr').waitFor();
      await dialog.getByRole('button', { name: 'Usar código de pareamento' }).click();
      await dialog.getByLabel('Número do WhatsApp').fill(`+55 (11) 98765-4321`);
      await dialog.getByRole('button', { name: 'Gerar código' }).click();
      await expect.poll(() => dialog.getByTestId('pairing-code-value').textContent()).toBe('K7QW-3MZP');
      await shot(dialog, `pairing-code-dialog-${viewport}`);

      await page.goto('/dashboard');
      const code = page.getByTestId('whatsapp-pairing-code');
      await code.waitFor();
      expect(await code.textContent()).toContain('K7QW-3MZP');
      const card = page.getByRole('region').filter({ has: page.getByTestId('whatsapp-qr-pending') });
      await shot(card, `pairing-code-card-${viewport}`);
      await page.context().close();
    }
  });

  it('a customer edits one message and deletes another: the chat shows both live', async () => {
    await server.emit('connection.update', { connection: 'open' }, '5511900000000:4@s.whatsapp.net');
    // A person answers this customer (the agent stays out of the picture).
    await api(server, '/config', session.token, { aiEnabled: false });
    await server.emit('messages.upsert', {
      type: 'notify',
      messages: [text('LD1', 'Oi! Quero 2 camisetas tamanho M, vocês têm?')],
    });
    let conversationId = '';
    await expect
      .poll(async () => {
        const rows = await api<Array<{ id: string; clientPhone: string | null }>>(
          server,
          '/conversations',
          session.token,
        );
        conversationId = rows.find((row) => row.clientPhone === CUSTOMER)?.id ?? '';
        return conversationId;
      })
      .not.toBe('');

    const pages: Page[] = [];
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await open(viewport, `/conversations?c=${conversationId}`);
      await page.getByTestId('message-bubble').filter({ hasText: 'Quero 2 camisetas' }).waitFor();
      pages.push(page);
    }

    // Each page hears the conversation live before the edit arrives (a new message shows without a reload).
    await server.emit('messages.upsert', { type: 'notify', messages: [text('LD1B', 'É para presente.')] });
    for (const page of pages) {
      await page.getByTestId('message-bubble').filter({ hasText: 'É para presente.' }).waitFor();
    }

    // The edit and the deletion, as Baileys emits them (messages.update, after the protocol message).
    await server.emit('messages.update', [
      {
        key: { remoteJid: JID, fromMe: false, id: 'LD1' },
        update: {
          message: {
            editedMessage: { message: { conversation: 'Oi! Quero 3 camisetas tamanho M, vocês têm?' } },
          },
          messageTimestamp: seconds(),
        },
      },
    ]);
    const detail = await api<{ messages: Array<{ id: string; content: string }> }>(
      server,
      `/conversations/${conversationId}`,
      session.token,
    );
    const first = detail.messages.find((message) => message.content.includes('camisetas'));
    await api(server, `/conversations/${conversationId}/messages`, session.token, {
      message: 'Temos sim! Separei 3 camisetas M para você. Quer retirar na loja?',
      replyTo: first?.id,
    });
    await server.emit('messages.upsert', {
      type: 'notify',
      messages: [text('LD2', 'Quero! Meu CPF é 123.456.789-00, pode usar no pedido')],
    });
    for (const page of pages) {
      await page.getByTestId('message-bubble').filter({ hasText: 'CPF' }).waitFor();
    }
    await server.emit('messages.update', [
      {
        key: { remoteJid: JID, fromMe: false, id: 'LD2' },
        update: { message: null, messageStubType: 1 },
      },
    ]);
    await server.emit('messages.upsert', {
      type: 'notify',
      messages: [text('LD3', 'Apaguei, melhor eu passar o CPF na loja. Até amanhã!')],
    });

    for (const [index, page] of pages.entries()) {
      const edited = page
        .getByTestId('message-bubble')
        .filter({ hasText: 'Quero 3 camisetas' })
        .filter({ hasNot: page.getByTestId('quoted-reply') });
      await edited.getByTestId('message-edited').waitFor();
      expect(await edited.getByTestId('message-edited').textContent()).toBe('editada');
      const deleted = page.getByTestId('message-deleted');
      await deleted.waitFor();
      expect(await deleted.textContent()).toBe('Mensagem apagada');
      await page.getByTestId('message-bubble').filter({ hasText: 'Apaguei' }).waitFor();
      // The words of the deleted message are nowhere on the page (live, without a reload).
      expect(await page.getByText('123.456.789-00').count()).toBe(0);
      await shot(page, `edited-and-deleted-${index === 0 ? 'desktop' : 'phone'}`);
    }
    for (const page of pages) await page.context().close();
  });

  it('an operator sends an image from the composer: the chat shows it, the phone sends it as an image', async () => {
    const rows = await api<Array<{ id: string; clientPhone: string | null }>>(
      server,
      '/conversations',
      session.token,
    );
    const conversationId = rows.find((row) => row.clientPhone === CUSTOMER)?.id as string;
    // A product photo, drawn by the browser itself (no image files in the repository).
    const { page: studio } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: { width: 480, height: 360 },
    });
    await studio.setContent(
      `<body style="margin:0;display:grid;place-items:center;height:100vh;background:#eef2ff;font-family:sans-serif">
        <svg width="220" height="200" viewBox="0 0 220 200"><path d="M70 20 L40 35 L10 80 L45 95 L55 80 L55 190 L165 190 L165 80 L175 95 L210 80 L180 35 L150 20 Q110 50 70 20 Z" fill="#4f46e5"/></svg>
        <div style="font-size:22px;color:#1e1b4b">Camiseta M · R$ 59,90</div></body>`,
    );
    const photo = await studio.screenshot({ type: 'png' });
    await studio.context().close();

    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await open(viewport, `/conversations?c=${conversationId}`);
      await page.getByTestId('message-bubble').filter({ hasText: 'Apaguei' }).waitFor();
      if (viewport === 'desktop') {
        await page
          .getByTestId('file-input')
          .setInputFiles({ name: 'camiseta-m.png', mimeType: 'image/png', buffer: photo });
        await page.getByTestId('attachment-preview').getByRole('button', { name: 'Enviar' }).click();
      }
      const sentImage = page
        .getByTestId('message-bubble')
        .filter({ has: page.getByRole('img', { name: 'Imagem: camiseta-m.png' }) });
      await sentImage.last().waitFor();
      await expect
        .poll(
          async () =>
            await sentImage
              .last()
              .getByRole('img', { name: 'Imagem: camiseta-m.png' })
              .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(100);
      await shot(page, `operator-image-${viewport}`);
      await page.context().close();
    }
    await expect
      .poll(
        async () =>
          (await server.sent()).filter((item) => item.jid === JID && item.kinds.includes('image')).length,
      )
      .toBe(1);
  });
});
