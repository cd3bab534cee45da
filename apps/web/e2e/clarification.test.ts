import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, postInbound } from './support/api';
import { signIn, VIEWPORTS } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/**
 * The agent asking which topic the customer meant, seen in the chat. With CLARIFICATION_SCREENSHOTS
 * set to a folder, the test also saves what it saw there (docs/screenshots/clarification).
 */

const suite = adminBrowserSuite();
let seq = 0;
function customer(label: string) {
  seq += 1;
  const suffix = `${Date.now() % 1_000_000}`.padStart(6, '0');
  return { phone: `55118${String(seq).padStart(2, '0')}${suffix}`, name: `${label} ${suffix}${seq}` };
}

const shots = process.env.CLARIFICATION_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

const bubble = (page: Page, text: string) =>
  page.getByTestId('message-bubble').filter({ hasText: text }).last();

async function clarificationFlow(viewport: keyof typeof VIEWPORTS, colorScheme: 'light' | 'dark') {
  const who = customer(`Nota ${viewport}`);
  const sent = await postInbound(suite.admin.token, { ...who, text: 'onde pego a nf da minha compra' });
  const page = await suite.open({ viewport: VIEWPORTS[viewport], colorScheme });
  await signIn(page, `/conversations?c=${sent.conversationId}`, suite.admin);

  // The agent's question: the topics offered, each with its confidence, and a person last.
  const question = bubble(page, 'Pergunta de esclarecimento');
  await question.waitFor({ timeout: 15_000 });
  const options = question.getByTestId('message-clarification').getByRole('listitem');
  const texts = await options.allTextContents();
  expect(texts.at(-1)).toBe('4. Falar com um atendente—');
  expect(texts.some((t) => /^\d\. Como consigo a nota fiscal\?\d+%$/.test(t))).toBe(true);
  await question.getByText('Aguardando a escolha do cliente.').waitFor();
  await shot(page, `pergunta-${viewport}-${colorScheme}`);

  // The customer answers with the topic's number: the agent answers the original question from it.
  const n = texts.findIndex((t) => t.includes('Como consigo a nota fiscal?')) + 1;
  await postInbound(suite.admin.token, { ...who, text: String(n) });
  const answer = bubble(page, 'é enviada por e-mail quando o pedido é faturado');
  await answer.waitFor({ timeout: 15_000 });
  await answer
    .getByText('Após esclarecimento: o cliente escolheu “Como consigo a nota fiscal?” pelo número.')
    .waitFor();
  const picked = question.locator('li[data-picked]');
  expect(await picked.textContent()).toContain('Como consigo a nota fiscal? · escolhida pelo número');
  await question.getByText('Respondida com o assunto escolhido.').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS[viewport].width,
  );
  await answer.scrollIntoViewIfNeeded();
  await shot(page, `resposta-${viewport}-${colorScheme}`);
}

describe('a clarifying question in the chat', () => {
  it('shows the topics offered with their confidences, the pick, and the answer (desktop)', async () => {
    await clarificationFlow('desktop', 'light');
  });

  it('reads the same on a 390 px phone, in dark mode, without overflow', async () => {
    await clarificationFlow('phone', 'dark');
  });

  it('hands off, without asking, a product the store never mentions', async () => {
    for (const [viewport, colorScheme] of [
      ['desktop', 'light'],
      ['phone', 'light'],
    ] as const) {
      const who = customer(`Bicicleta ${viewport}`);
      const sent = await postInbound(suite.admin.token, { ...who, text: 'Vocês vendem bicicleta elétrica?' });
      const page = await suite.open({ viewport: VIEWPORTS[viewport], colorScheme });
      await signIn(page, `/conversations?c=${sent.conversationId}`, suite.admin);
      // The hand-off message is the admin's setting (another file of this server may have changed it).
      const config = await apiFetch<{ data: { handoffMessage: string } }>('/config', {
        token: suite.admin.token,
      });
      await bubble(page, config.body.data.handoffMessage.slice(0, 40)).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('message-clarification').count()).toBe(0);
      await shot(page, `produto-${viewport}-${colorScheme}`);
      await page.context().close();
    }
  });

  it('counts the clarifying questions on the analytics screen', async () => {
    const page = await suite.open();
    await signIn(page, '/analytics', suite.admin);
    const card = page.getByTestId('clarification-outcomes');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Respondida após a escolha');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'analytics-desktop-light');
  });
});
