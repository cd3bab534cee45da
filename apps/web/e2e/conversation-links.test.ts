import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFetch, postInbound } from './support/api';
import { signIn } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/**
 * A link that names a conversation opens it in the inbox: the bell, /notifications, a client's page
 * and a training gap. The bare path `/conversations/{id}` selects nothing, so each link has to carry
 * the selection the inbox reads.
 */

const suite = adminBrowserSuite();

async function handlerMode(conversationId: string): Promise<string> {
  const result = await apiFetch<{ data: { handler: { mode: string } } }>(`/conversations/${conversationId}`, {
    token: suite.admin.token,
  });
  if (!result.body.data) throw new Error(JSON.stringify(result));
  return result.body.data.handler.mode;
}

/** The chat of `name` is open, and a reload keeps it open. */
async function expectChatOpen(page: Page, name: string): Promise<void> {
  await page.getByTestId('chat-title').filter({ hasText: name }).waitFor({ timeout: 10_000 });
  expect(await page.getByText('Selecione uma conversa', { exact: true }).isVisible()).toBe(false);
  await page.reload();
  await page.getByTestId('chat-title').filter({ hasText: name }).waitFor();
}

describe('links into a conversation', () => {
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const name = `Cliente Link ${stamp}`;
  const question = `Vocês bordam nomes em toalhas de praia, modelo ${stamp}?`;
  let sent: Awaited<ReturnType<typeof postInbound>>;

  beforeAll(async () => {
    // A question outside the knowledge base: the agent hands it off (a notification) and records a gap.
    sent = await postInbound(suite.admin.token, { phone: `55217${stamp}01`, name, text: question });
    await vi.waitFor(async () => expect(await handlerMode(sent.conversationId)).toBe('waiting_human'), {
      timeout: 15_000,
      interval: 250,
    });
  });

  async function signedIn(path: string): Promise<Page> {
    const page = await suite.open();
    await signIn(page, path, suite.admin);
    return page;
  }

  it('the bell', async () => {
    const page = await signedIn('/dashboard');
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await page.getByRole('menuitem').filter({ hasText: name }).click();
    await expectChatOpen(page, name);
  });

  it('the /notifications list', async () => {
    const page = await signedIn('/notifications');
    await page.getByRole('link').filter({ hasText: name }).click();
    await expectChatOpen(page, name);
  });

  it('the client’s page', async () => {
    const page = await signedIn(`/clients/${sent.clientId}`);
    await page.getByRole('link', { name: /mensagens/ }).click();
    await expectChatOpen(page, name);
  });

  it('a training gap', async () => {
    const page = await signedIn('/training');
    await page
      .getByTestId('knowledge-gap')
      .filter({ hasText: question })
      .getByRole('link', { name: 'Ver conversa' })
      .click();
    await expectChatOpen(page, name);
  });
});
