import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, loginAsOperator, postInbound } from './support/api';
import { signIn, VIEWPORTS } from './support/browser';
import { adminBrowserSuite } from './support/suite';

/** In a real browser: a handed-off question becomes knowledge and the AI answers it next time. */

const suite = adminBrowserSuite();
const open = suite.open;
let seq = 0;

function phone(): string {
  seq += 1;
  return `55318${String(seq).padStart(2, '0')}${`${Date.now() % 1_000_000}`.padStart(6, '0')}`;
}

interface ConversationDetail {
  handler: { mode: string };
  messages: { sender: string; content: string; aiGenerated: boolean }[];
}
interface Gap {
  id: string;
  question: string;
  reason: 'handoff' | 'low_confidence';
  suggestedAnswer: string | null;
}

async function conversation(id: string): Promise<ConversationDetail> {
  const result = await apiFetch<{ data: ConversationDetail }>(`/conversations/${id}`, {
    token: suite.admin.token,
  });
  return result.body.data;
}

async function gaps(): Promise<Gap[]> {
  return (await apiFetch<{ data: Gap[] }>('/knowledge-gaps', { token: suite.admin.token })).body.data;
}

async function knowledgeBase(): Promise<string> {
  return (await apiFetch<{ data: { content: string } }>('/knowledge-base', { token: suite.admin.token })).body
    .data.content;
}

const QUESTION = 'Vocês fazem gravação personalizada em canecas?';
const ANSWER = 'Sim! Fazemos gravação a laser em canecas e garrafas, com prazo de 3 dias úteis.';

const gapItem = (page: Page, text: string) => page.getByTestId('knowledge-gap').filter({ hasText: text });

describe('/training as admin', () => {
  it('turns a handed-off question into knowledge, prefilled with the operator reply, and the AI then answers it', async () => {
    // The real path: a customer asks something outside the base, the agent hands off, an operator answers.
    const asked = await postInbound(suite.admin.token, {
      phone: phone(),
      name: 'Cliente Canecas',
      text: QUESTION,
    });
    await expect
      .poll(async () => (await conversation(asked.conversationId)).handler.mode, { timeout: 15_000 })
      .toBe('waiting_human');
    const sent = await apiFetch(`/conversations/${asked.conversationId}/messages`, {
      method: 'POST',
      token: suite.admin.token,
      body: { message: ANSWER },
    });
    expect(sent.status).toBeLessThan(300);
    const gap = (await gaps()).find((g) => g.question === QUESTION);
    expect(gap?.suggestedAnswer).toBe(ANSWER);

    const page = await open();
    await signIn(page, '/training', suite.admin);
    await page.getByRole('heading', { level: 1, name: 'Treinamento da IA' }).waitFor();
    const item = gapItem(page, QUESTION);
    await item.waitFor();
    await item.getByText(gap?.reason === 'handoff' ? 'Transferido para humano' : 'Baixa confiança').waitFor();
    await item.getByText(ANSWER).waitFor();
    expect(await item.getByRole('link', { name: 'Ver conversa' }).getAttribute('href')).toBe(
      `/conversations?c=${asked.conversationId}`,
    );

    await item.getByRole('button', { name: 'Adicionar à base' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar à base de conhecimento' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Pergunta').inputValue()).toBe(QUESTION);
    const answer = dialog.getByLabel('Resposta');
    expect(await answer.inputValue()).toBe(ANSWER);

    // The answer is required (trimmed): blank spaces are refused without a call.
    await answer.fill('   ');
    await dialog.getByRole('button', { name: 'Adicionar à base' }).click();
    await dialog.getByText('Resposta obrigatória').waitFor();
    await answer.fill(`  ${ANSWER}  `);
    await dialog.getByRole('button', { name: 'Adicionar à base' }).click();

    await page.getByText('Conhecimento adicionado à base', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await item.waitFor({ state: 'detached' });
    expect(await knowledgeBase()).toContain(`## ${QUESTION}\n${ANSWER}`);
    expect((await gaps()).some((g) => g.id === gap?.id)).toBe(false);

    // The knowledge-base tab shows the refreshed text.
    await page.getByRole('tab', { name: /Base de conhecimento/ }).click();
    const editor = page.getByRole('textbox', { name: 'Conteúdo da base' });
    await expect.poll(() => editor.inputValue()).toContain(ANSWER);

    // A new customer asking the same thing is now answered by the AI, not handed off.
    const again = await postInbound(suite.admin.token, {
      phone: phone(),
      name: 'Outra Cliente',
      text: 'voces fazem gravacao personalizada em caneca?',
    });
    await expect
      .poll(
        async () =>
          (await conversation(again.conversationId)).messages.some(
            (m) => m.sender === 'agent' && m.aiGenerated && m.content.includes('gravação a laser'),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect((await conversation(again.conversationId)).handler.mode).toBe('ai');
  });

  it('edits and saves the knowledge base: Salvar only once changed, toast, counter and API agree', async () => {
    const page = await open();
    await signIn(page, '/training?aba=base', suite.admin);
    const editor = page.getByRole('textbox', { name: 'Conteúdo da base' });
    await expect.poll(async () => (await editor.inputValue()).length).toBeGreaterThan(100);
    await page
      .getByTestId('kb-last-update')
      .getByText(/^Última atualização: \d{2}\/\d{2} \d{2}:\d{2}$/)
      .waitFor();
    const save = page.getByRole('button', { name: 'Salvar', exact: true });
    expect(await save.isDisabled()).toBe(true);

    const entry =
      '\n\n## Vocês têm estacionamento na loja física?\nSim, estacionamento gratuito para clientes por 2 horas.\n';
    const before = await editor.inputValue();
    await editor.focus();
    await editor.evaluate((el: HTMLTextAreaElement) =>
      el.setSelectionRange(el.value.length, el.value.length),
    );
    await page.keyboard.type(entry);
    expect(await editor.inputValue()).toBe(before + entry);
    const count = await page.getByTestId('kb-char-count').textContent();
    expect(count).toContain((before + entry).length.toLocaleString('pt-BR'));
    expect(count).toContain('/ 500.000 caracteres');
    expect(await save.isDisabled()).toBe(false);

    // Leaving with unsaved edits asks first; staying keeps the draft.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    const leave = page.getByRole('dialog', { name: 'Confirmar ação' });
    await leave.getByText(/alterações não salvas/).waitFor();
    await leave.getByRole('button', { name: 'Continuar editando' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/training');
    expect(await editor.inputValue()).toBe(before + entry);

    await save.click();
    await page.getByText('Base de conhecimento salva', { exact: true }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await knowledgeBase()).toBe(before + entry);
  });

  it('shows a new gap live when the AI hands a question off while the page is open', async () => {
    const page = await open();
    await signIn(page, '/training', suite.admin);
    await page.getByTestId('knowledge-gap').first().waitFor();
    const question = 'Vocês fazem embrulho para presente de aniversário?';
    await postInbound(suite.admin.token, { phone: phone(), name: 'Cliente Presente', text: question });
    await gapItem(page, question).waitFor({ timeout: 15_000 });
  });

  it('dismisses a gap after confirmation', async () => {
    const page = await open({ viewport: VIEWPORTS.phone });
    await signIn(page, '/training', suite.admin);
    const first = page.getByTestId('knowledge-gap').first();
    await first.waitFor();
    const question = (await first.locator('p').first().textContent()) ?? '';
    await first.getByRole('button', { name: 'Descartar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Descartar lacuna' });
    await confirm.getByText(question).waitFor();
    await confirm.getByRole('button', { name: 'Descartar' }).click();
    await page.getByText('Lacuna descartada', { exact: true }).waitFor();
    await gapItem(page, question).waitFor({ state: 'detached' });
    expect((await gaps()).some((g) => g.question === question)).toBe(false);
  });
});

describe('/training as operator', () => {
  it('is read-only: gaps without actions, the knowledge base without Salvar', async () => {
    const operator = await loginAsOperator();
    const page = await open({ colorScheme: 'dark' });
    await signIn(page, '/training', operator);
    await page.getByTestId('knowledge-gap').first().waitFor();
    await page.getByText('Somente administradores podem adicionar lacunas à base ou descartá-las.').waitFor();
    expect(await page.getByRole('button', { name: 'Adicionar à base' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Descartar' }).count()).toBe(0);

    await page.getByRole('tab', { name: /Base de conhecimento/ }).click();
    const editor = page.getByRole('textbox', { name: 'Conteúdo da base' });
    await expect.poll(async () => (await editor.inputValue()).length).toBeGreaterThan(100);
    expect(await editor.getAttribute('readonly')).not.toBeNull();
    await page.getByText(/^Somente leitura/).waitFor();
    expect(await page.getByRole('button', { name: 'Salvar', exact: true }).count()).toBe(0);
    // The server agrees.
    const denied = await apiFetch('/knowledge-base', {
      method: 'POST',
      token: operator.token,
      body: { content: 'x' },
    });
    expect(denied.status).toBe(403);
  });
});
