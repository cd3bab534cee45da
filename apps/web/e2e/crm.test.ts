import type { Download } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiFetch, postInbound } from './support/api';
import { signIn, VIEWPORTS } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/** The CRM, analytics and audit log as a manager uses them: open a client from a chat, edit, export, erase. */

const suite = adminBrowserSuite();
const open = suite.open;

async function text(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

it('opens a client from a chat, edits them, exports their data and erases it; the audit log shows it all', async () => {
  const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
  const name = `Joana Prado ${suffix}`;
  const sent = await postInbound(suite.admin.token, {
    phone: `55118${suffix}00`,
    name,
    text: 'Oi, meu pedido atrasou',
  });
  const page = await open();
  await signIn(page, '/conversations', suite.admin);
  await page.getByPlaceholder('Buscar conversas...').fill(name);
  await page.getByText(name).first().click();
  await page.getByRole('button', { name: 'Mais opções' }).click();
  await page.getByRole('menuitem', { name: /ver perfil/i }).click();
  await page.getByRole('link', { name: 'Abrir ficha do cliente' }).click();
  await page.waitForURL(`**/clients/${sent.clientId}`);
  await expect.poll(() => page.getByRole('heading', { name }).count()).toBe(1);

  await page.getByLabel('E-mail').fill('isto não é e-mail');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(() => page.getByText('E-mail inválido').count()).toBe(1);
  await page.getByLabel('E-mail').fill('joana@exemplo.com');
  await page.getByLabel('Nome').fill(`Joana P. Prado ${suffix}`);
  await page.getByLabel('Anotações da equipe').fill('Cliente desde 2020; prefere áudio.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(() => page.getByText('Cliente atualizado').count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByRole('heading', { name: `Joana P. Prado ${suffix}` }).count()).toBe(1);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar dados (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toBe(`dados-cliente-${sent.clientId}.json`);
  const bundle = JSON.parse(await text(json)) as {
    client: { email: string };
    messages: { content: string }[];
  };
  expect(bundle.client.email).toBe('joana@exemplo.com');
  expect(bundle.messages.map((m) => m.content)).toContain('Oi, meu pedido atrasou');

  await page.getByRole('button', { name: 'Apagar dados' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apagar dados' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Dados apagados' }).count()).toBe(1);
  const erased = await apiFetch<{ data: { name: string | null; phone: string | null } }>(
    `/clients/${sent.clientId}`,
    { token: suite.admin.token },
  );
  expect(erased.body.data).toMatchObject({ name: null, phone: null });

  await page.goto('/settings/audit');
  // This client's entries (other files' clients share the log).
  const log = page
    .getByRole('list', { name: 'Registros de auditoria' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="/clients/${sent.clientId}"]`) });
  await expect.poll(() => log.filter({ hasText: 'Apagou dados do cliente' }).count()).toBe(1);
  await expect.poll(() => log.filter({ hasText: 'Exportou dados do cliente' }).count()).toBe(1);
  await expect.poll(() => log.filter({ hasText: 'Editou cliente' }).count()).toBe(1);
  // In pt-BR, naming only what changed, with the client one click away.
  await expect.poll(() => log.filter({ hasText: 'campos: nome, e-mail, anotações' }).count()).toBe(1);
  await log.first().getByRole('link', { name: 'Cliente' }).click();
  await page.waitForURL(`**/clients/${sent.clientId}`);
});

it('lists clients with search, and analytics downloads a pt-BR CSV for the chosen range', async () => {
  const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
  const phone = `55119555${suffix}`;
  await postInbound(suite.admin.token, {
    phone,
    name: `Otávio Brandão ${suffix}`,
    text: 'Vocês abrem sábado? Preciso retirar um pedido grande e queria saber até que horas a loja fica aberta',
  });
  const page = await open({ viewport: VIEWPORTS.phone, colorScheme: 'dark' });
  await signIn(page, '/clients', suite.admin);
  await page.getByPlaceholder('Buscar por nome, telefone ou e-mail').fill(`otávio brandão ${suffix}`);
  const rows = page.locator('[data-testid=clients-scroll] a');
  await expect.poll(() => rows.count()).toBe(1);
  await expect.poll(() => rows.first().textContent()).toContain(`+${phone}`);
  // The filters fit the phone's width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );
  // So does the client's page: a long last message is cut, not laid out at full length.
  await rows.first().click();
  await expect.poll(() => page.getByRole('heading', { name: `Otávio Brandão ${suffix}` }).count()).toBe(1);
  await expect.poll(() => page.locator('a[href^="/conversations?c="]').count()).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );

  await page.goto('/analytics');
  // Every range fits the phone, 'Personalizado' included (one row of five cut it off).
  for (const name of ['Hoje', '7 dias', '30 dias', '90 dias', 'Personalizado']) {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width, name).toBe(true);
  }
  await page.getByRole('button', { name: '7 dias', exact: true }).click();
  await page.waitForURL(/periodo=7d/);
  await expect.poll(() => page.getByText('Taxa de conversão', { exact: true }).count()).toBe(1);
  // The report fits the phone's width too (the heatmap scrolls inside its card).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar o resumo em CSV' }).click(),
  ]);
  // The server's name for the file (an unquoted Content-Disposition filename), not the fallback.
  expect(csv.suggestedFilename()).toMatch(/^analytics-resumo-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const body = await text(csv);
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const lines = body.slice(1).split('\r\n');
  expect(lines[0]).toBe('Indicador;Valor');
  const started = lines.find((l) => l.startsWith('Conversas iniciadas;'));
  expect(Number(started?.split(';')[1])).toBeGreaterThanOrEqual(1);
  expect(lines.find((l) => l.startsWith('Taxa de conversão (%);'))).toMatch(
    /^Taxa de conversão \(%\);\d+(,\d)?$/,
  );
});
