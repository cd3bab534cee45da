import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxConfig } from '../../../scripts/nginx-config.mjs';
import { baseUrl, loginAsAdmin, pairSimulator, postInbound, type Session } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { freePort } from './support/free-port';
import { waitForServer } from './support/wait-for-server';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/**
 * Not localhost: outside production the server lets any localhost page open a socket, so only a real
 * host name shows whether nginx forwards the Host the browser used (the Origin check compares them).
 */
const HOST = 'atende.test';

/** `npm run cluster`'s nginx configuration, in front of the test server as its one instance. */
describe('behind nginx, as npm run cluster serves it', () => {
  let dir = '';
  let proxy: ChildProcess | undefined;
  let browser: Browser | undefined;
  let admin: Session;
  let origin = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atende-e2e-nginx-'));
    const port = await freePort();
    const config = join(dir, 'nginx.conf');
    const upstream = { name: 'atende-1', port: Number(new URL(baseUrl()).port) };
    writeFileSync(
      config,
      nginxConfig({ listen: `127.0.0.1:${port}`, upstreams: [upstream], directory: dir }),
    );
    proxy = spawn(NGINX, ['-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitForServer(`http://127.0.0.1:${port}/api/health`, proxy, () => 'nginx não respondeu', {
      timeoutMs: 20_000,
      interval: 100,
    });
    origin = `http://${HOST}:${port}`;
    browser = await launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
    admin = await loginAsAdmin();
    await pairSimulator(admin.token);
  });
  afterAll(async () => {
    await browser?.close();
    proxy?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a browser signs in, opens its socket through the proxy and sees a customer message live', async () => {
    if (!browser) throw new Error('o navegador não abriu');
    const { page } = await newPage(browser);
    const sockets: string[] = [];
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      ws.on('framereceived', ({ payload }) => frames.push(String(payload)));
    });
    await page.goto(`${origin}/login`);
    await page.evaluate((token) => localStorage.setItem('auth_token', token), admin.token);
    await page.goto(`${origin}/conversations`);
    await expect.poll(() => page.getByTestId('conversation-count').textContent()).toMatch(/conversas?$/);
    await expect.poll(() => frames.some((f) => f.includes('"authenticated"'))).toBe(true);
    expect(sockets.every((url) => url.startsWith(`ws://${HOST}:`))).toBe(true);

    // The row appears with no reload: the event came over the proxied socket.
    const name = `Cliente do Proxy ${Date.now()}`;
    await postInbound(admin.token, { phone: '5531977001122', name, text: 'Oi, chegou pelo nginx?' });
    await page.getByTestId('conversation-row').filter({ hasText: name }).waitFor();
  });
});
