import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, postInbound } from './support/api';
import { signIn } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/**
 * What an operator was writing stays with its conversation: a reply half-written in one chat and a
 * private note in another survive switching between them and a reload, each in its own mode; sending
 * clears that chat's draft only.
 */

const suite = adminBrowserSuite();

describe('drafts per conversation', () => {
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const first = { name: `Rascunho A ${stamp}`, phone: `55219${stamp}01`, id: '' };
  const second = { name: `Rascunho B ${stamp}`, phone: `55219${stamp}02`, id: '' };
  const reply = `Olá! Seu pedido ${stamp} sai amanhã`;
  const note = `Conferir o estoque do pedido ${stamp}`;

  beforeAll(async () => {
    for (const customer of [first, second]) {
      customer.id = (
        await postInbound(suite.admin.token, {
          phone: customer.phone,
          name: customer.name,
          text: 'Oi, tudo bem?',
        })
      ).conversationId;
    }
  });

  const replyBox = (page: Page) => page.getByRole('textbox', { name: 'Mensagem' });
  const noteBox = (page: Page) => page.getByRole('textbox', { name: 'Nota privada' });
  const open = async (page: Page, customer: typeof first) => {
    await page.getByTestId('conversation-row').filter({ hasText: customer.name }).click();
    await page.getByTestId('chat-title').filter({ hasText: customer.name }).waitFor();
  };

  it('keeps a reply and a note in their chats across switches and a reload, and clears one on send', async () => {
    const page = await suite.open();
    await signIn(page, '/conversations', suite.admin);

    await open(page, first);
    await replyBox(page).fill(reply);
    await open(page, second);
    // Each chat opens with its own composer: nothing of the other's draft here.
    expect(await replyBox(page).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Nota privada' }).click();
    await noteBox(page).fill(note);

    await open(page, first);
    expect(await replyBox(page).inputValue()).toBe(reply);
    expect(await noteBox(page).count()).toBe(0);
    await open(page, second);
    // Still a note: a draft never turns into a message to the customer.
    expect(await noteBox(page).inputValue()).toBe(note);

    await page.reload();
    await page.getByTestId('chat-title').filter({ hasText: second.name }).waitFor();
    expect(await noteBox(page).inputValue()).toBe(note);
    await open(page, first);
    expect(await replyBox(page).inputValue()).toBe(reply);

    // Sending the reply clears its draft, and only its.
    await replyBox(page).press('Enter');
    await expect
      .poll(async () => {
        const sent = await apiFetch<{ data: { text: string }[] }>(`/simulator/outbox?phone=${first.phone}`, {
          token: suite.admin.token,
        });
        return sent.body.data.some((item) => item.text === reply);
      })
      .toBe(true);
    await expect.poll(() => replyBox(page).inputValue()).toBe('');
    await page.reload();
    await page.getByTestId('chat-title').filter({ hasText: first.name }).waitFor();
    expect(await replyBox(page).inputValue()).toBe('');
    await open(page, second);
    expect(await noteBox(page).inputValue()).toBe(note);
  });
});
