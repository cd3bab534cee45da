import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, login, loginAsAdmin, pairSimulator, postInbound, type Session } from './support/api';
import { launchBrowser, newPage, signIn, type TestPage, VIEWPORTS } from './support/browser';

/**
 * The team's day in three browsers at once (two operators and an admin): a hand-off is assigned to the
 * operator who is online, not to the one who is away; she sees it unread (badge, tab title, bold row)
 * and, with the tab hidden, gets a browser notification; she writes a private note mentioning her
 * colleague (who is notified), replies, resolves; the customer writes again and it comes back to her;
 * a snoozed conversation comes back at its time; an operator cannot delete; the admin can, after the
 * spec's confirmation; the header never shows a handler on a finished conversation.
 */

let browser: Browser;
let admin: Session;
const stamp = Date.now() % 1_000_000;
const OLGA = { name: `Olga ${stamp}`, email: `olga${stamp}@loja.com.br`, password: 'senha-da-olga-1' };
const BETO = { name: `Beto ${stamp}`, email: `beto${stamp}@loja.com.br`, password: 'senha-do-beto-1' };
let olga: Session;
let beto: Session;
let inboxId = '';
let inboxBefore: Record<string, unknown> = {};
const opened: TestPage[] = [];

interface Row {
  status: string;
  archivedAt: string | null;
  handler: { mode: string; userId: string | null };
}

const conversation = async (id: string) =>
  (await apiFetch<{ data: Row }>(`/conversations/${id}`, { token: admin.token })).body.data;
const outbox = async (phone: string) =>
  (await apiFetch<{ data: { text: string }[] }>(`/simulator/outbox?phone=${phone}`, { token: admin.token }))
    .body.data;

async function createOperator(person: typeof OLGA): Promise<Session> {
  const created = await apiFetch('/users', {
    method: 'POST',
    token: admin.token,
    body: { ...person, role: 'operator' },
  });
  expect(created.status).toBe(200);
  return login(person);
}

/**
 * A page whose browser notifications and sound are recorded instead of shown, with both turned on,
 * and whose tab can be "hidden" (`hide(page)`) as when the operator is in another tab.
 */
async function openRecorded(
  session: Session,
  path: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Page> {
  const t = await newPage(browser, { viewport });
  opened.push(t);
  await t.page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__notifications = [];
    w.__sounds = 0;
    w.__hidden = false;
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string }) {
        (w.__notifications as unknown[]).push({ title, body: options?.body });
      }
      close() {}
    }
    w.Notification = RecordedNotification;
    class RecordedAudio {
      currentTime = 0;
      destination = {};
      constructor() {
        w.__sounds = (w.__sounds as number) + 1;
      }
      createOscillator() {
        return {
          frequency: {},
          connect: (next: unknown) => next,
          start() {},
          stop() {},
          onended: null,
        };
      }
      createGain() {
        return {
          gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
          connect: (next: unknown) => next,
        };
      }
      close() {}
    }
    w.AudioContext = RecordedAudio;
    Object.defineProperty(document, 'visibilityState', {
      get: () => (w.__hidden ? 'hidden' : 'visible'),
    });
    localStorage.setItem('notification_alerts', JSON.stringify({ sound: true, browser: true, asked: true }));
  });
  await signIn(t.page, path, session);
  return t.page;
}

async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { __hidden: boolean }).__hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

const recorded = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications,
  );
const sounds = (page: Page) => page.evaluate(() => (window as unknown as { __sounds: number }).__sounds);

async function chooseAvailability(page: Page, label: 'Online' | 'Ausente' | 'Ocupado'): Promise<void> {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitemradio', { name: new RegExp(label) }).click();
  await expect
    .poll(() => page.getByRole('menuitemradio', { name: new RegExp(label) }).getAttribute('aria-checked'))
    .toBe('true');
  await page.keyboard.press('Escape');
}

const state = (page: Page) => page.getByTestId('conversation-state');
const row = (page: Page, name: string) => page.getByTestId('conversation-row').filter({ hasText: name });

/** What the header says and offers never contradicts: a finished conversation has nobody answering. */
async function expectConsistentHeader(page: Page): Promise<void> {
  const text = (await state(page).textContent()) ?? '';
  const hasHandler = (await state(page).getByTestId('handler-chip').count()) > 0;
  const canTake = (await page.getByRole('button', { name: 'Assumir', exact: true }).count()) > 0;
  if (!text.startsWith('Ativa')) {
    expect(hasHandler, text).toBe(false);
    expect(canTake, text).toBe(false);
  } else {
    expect(hasHandler, text).toBe(true);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await loginAsAdmin();
  await pairSimulator(admin.token);
  // Hand-offs left waiting by other files would fill Olga's places as soon as she is online.
  for (let round = 0; round < 10; round++) {
    const waiting = await apiFetch<{ data: { id: string }[] }>(
      '/conversations?status=active&handler=waiting_human&limit=100',
      { token: admin.token },
    );
    const ids = waiting.body.data.map((c) => c.id);
    if (ids.length === 0) break;
    await apiFetch('/conversations/bulk', {
      method: 'POST',
      token: admin.token,
      body: { action: 'resolve', conversationIds: ids },
    });
  }
  olga = await createOperator(OLGA);
  beto = await createOperator(BETO);
  // The primary number assigns by itself among these two (only theirs: other files' people stay out).
  const inboxes = await apiFetch<{ data: { id: string; primary: boolean; [key: string]: unknown }[] }>(
    '/inboxes',
    { token: admin.token },
  );
  const primary = inboxes.body.data.find((inbox) => inbox.primary)!;
  inboxId = primary.id;
  inboxBefore = {
    autoAssign: primary.autoAssign,
    assignCapacity: primary.assignCapacity,
    operatorAccess: primary.operatorAccess,
    memberIds: primary.memberIds,
  };
  const changed = await apiFetch(`/inboxes/${inboxId}`, {
    method: 'PATCH',
    token: admin.token,
    body: {
      autoAssign: true,
      assignCapacity: 5,
      operatorAccess: 'members',
      memberIds: [olga.user.id, beto.user.id],
    },
  });
  expect(changed.status).toBe(200);
}, 120_000);

afterAll(async () => {
  for (const t of opened.splice(0)) await t.context.close();
  if (inboxId) {
    await apiFetch(`/inboxes/${inboxId}`, { method: 'PATCH', token: admin.token, body: inboxBefore });
  }
  await browser?.close();
});

describe("the team's day", () => {
  let olgaPage: Page;
  let betoPage: Page;
  let adminPage: Page;
  let conversationId = '';
  const phone = `55118${String(stamp).padStart(6, '0')}2`;
  const clientName = `Camila ${stamp}`;

  it('hands a conversation to the operator who is online, not to the one who is away', async () => {
    olgaPage = await openRecorded(olga, '/conversations');
    betoPage = await openRecorded(beto, '/conversations', VIEWPORTS.phone);
    adminPage = await openRecorded(admin, '/conversations');
    await chooseAvailability(betoPage, 'Ausente');
    await chooseAvailability(olgaPage, 'Online');
    // Everyone sees the colleague's dot change, live.
    await expect
      .poll(async () => {
        const team = await apiFetch<{ data: { id: string; availability: string }[] }>('/team/members', {
          token: admin.token,
        });
        return team.body.data.find((m) => m.id === beto.user.id)?.availability;
      })
      .toBe('away');

    const sent = await postInbound(admin.token, {
      phone,
      name: clientName,
      text: 'Quero falar com um atendente, por favor',
    });
    conversationId = sent.conversationId;
    await expect
      .poll(async () => (await conversation(conversationId)).handler, { timeout: 20_000 })
      .toMatchObject({ mode: 'human', userId: olga.user.id });
  });

  it('shows it unread to her: the nav badge, the tab title, a bold row under Minhas', async () => {
    await expect.poll(() => olgaPage.title()).toMatch(/^\(\d+\) Atende$/);
    const badge = olgaPage.getByRole('navigation', { name: 'Navegação principal' }).getByTestId('nav-badge');
    await expect.poll(() => badge.count()).toBe(1);
    await olgaPage.getByRole('tab', { name: /Minhas/ }).click();
    const mine = row(olgaPage, clientName);
    await mine.waitFor();
    await expect.poll(() => mine.getAttribute('data-unread')).not.toBeNull();
    expect(await mine.getByTestId('unread-badge').count()).toBe(1);
    // The tab's count is the rows': one conversation of hers.
    await expect.poll(() => olgaPage.getByRole('tab', { name: /Minhas/ }).textContent()).toBe('Minhas1');
    expect(await olgaPage.getByTestId('conversation-count').textContent()).toBe('1 conversa');

    // Opening it clears it everywhere.
    await mine.click();
    await olgaPage.getByTestId('chat-title').filter({ hasText: clientName }).waitFor();
    await expect.poll(() => mine.getAttribute('data-unread')).toBeNull();
    await expect.poll(() => olgaPage.title()).toBe('Atende');
    await expect.poll(() => badge.count()).toBe(0);
    await expect.poll(() => state(olgaPage).textContent()).toBe('AtivaCom você');
    await expectConsistentHeader(olgaPage);
  });

  it('writes a private note mentioning a colleague, who is told even with the tab hidden', async () => {
    await setHidden(betoPage, true);
    await olgaPage.getByRole('button', { name: 'Nota privada' }).click();
    const box = olgaPage.getByRole('textbox', { name: 'Nota privada' });
    await box.pressSequentially('Cliente VIP, veja o pedido @Bet');
    const picker = olgaPage.getByRole('listbox', { name: 'Mencionar alguém da equipe' });
    await picker.getByRole('option', { name: new RegExp(BETO.name) }).waitFor();
    await box.press('Enter');
    expect(await box.inputValue()).toBe(`Cliente VIP, veja o pedido @${BETO.name} `);
    await box.pressSequentially('por favor');
    await box.press('Enter');
    const note = olgaPage.getByTestId('note').filter({ hasText: 'Cliente VIP' });
    await note.waitFor();
    expect(await note.textContent()).toContain('Nota privada');
    expect(await note.getByTestId('note-mention').textContent()).toBe(`@${BETO.name}`);

    // Beto, in another tab: a browser notification and the sound; his bell counts it.
    await expect.poll(async () => (await recorded(betoPage)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await sounds(betoPage)).toBeGreaterThan(0);
    await setHidden(betoPage, false);
    await expect.poll(() => betoPage.getByTestId('notification-count').count()).toBe(1);
    // The note never reaches the customer.
    expect((await outbox(phone)).some((item) => item.text.includes('Cliente VIP'))).toBe(false);
  });

  it('replies, resolves, and the header then says who answers to nobody', async () => {
    await olgaPage.getByRole('button', { name: 'Responder', exact: true }).click();
    const box = olgaPage.getByRole('textbox', { name: 'Mensagem' });
    await box.fill('Olá, Camila! Já vou verificar seu pedido.');
    await box.press('Enter');
    await expect
      .poll(async () => (await outbox(phone)).some((item) => item.text.includes('Já vou verificar')))
      .toBe(true);

    await olgaPage.getByRole('button', { name: 'Resolver', exact: true }).click();
    await expect.poll(() => state(olgaPage).textContent()).toBe('Finalizada');
    await expectConsistentHeader(olgaPage);
    await olgaPage.getByRole('button', { name: 'Reabrir', exact: true }).waitFor();
    // The transcript says what she did, in a line of its own.
    await expect.poll(() => olgaPage.getByTestId('system-line').count()).toBeGreaterThan(0);
    expect((await conversation(conversationId)).status).toBe('completed');
  });

  it('comes back to the same person when the customer writes again', async () => {
    await postInbound(admin.token, { phone, name: clientName, text: 'Oi de novo, esqueci uma coisa' });
    await expect
      .poll(async () => (await conversation(conversationId)).handler)
      .toMatchObject({ mode: 'human', userId: olga.user.id });
    await expect.poll(() => state(olgaPage).textContent()).toBe('AtivaCom você');
    await expectConsistentHeader(olgaPage);
  });

  it('snoozes until the customer writes, and a timed snooze comes back at its time', async () => {
    await olgaPage.getByRole('button', { name: 'Adiar' }).click();
    await olgaPage.getByRole('menuitem', { name: 'Até o cliente responder' }).click();
    await expect.poll(() => state(olgaPage).textContent()).toBe('Adiada até o cliente responder');
    await expectConsistentHeader(olgaPage);
    await olgaPage.getByRole('button', { name: 'Retomar', exact: true }).click();
    await expect.poll(() => state(olgaPage).textContent()).toBe('AtivaCom você');

    const until = new Date(Date.now() + 4000).toISOString();
    const snoozed = await apiFetch(`/conversations/${conversationId}/snooze`, {
      method: 'POST',
      token: olga.token,
      body: { until },
    });
    expect(snoozed.status).toBe(200);
    await expect.poll(() => state(olgaPage).textContent()).toMatch(/^Adiada até \d{2}:\d{2}$/);
    await expect.poll(() => state(olgaPage).textContent(), { timeout: 20_000 }).toMatch(/^Ativa/);
  });

  it('gives an operator no delete (the server refuses too); the admin deletes after confirming', async () => {
    await olgaPage.getByRole('button', { name: 'Mais opções' }).click();
    await olgaPage.getByRole('menuitem', { name: 'Arquivar conversa' }).waitFor();
    expect(await olgaPage.getByRole('menuitem', { name: 'Excluir conversa' }).count()).toBe(0);
    await olgaPage.keyboard.press('Escape');
    const refused = await apiFetch(`/conversations/${conversationId}`, {
      method: 'DELETE',
      token: olga.token,
    });
    expect(refused.status).toBe(403);

    await adminPage.goto(`/conversations?c=${conversationId}`);
    await adminPage.getByTestId('chat-title').filter({ hasText: clientName }).waitFor();
    await adminPage.getByRole('button', { name: 'Mais opções' }).click();
    await adminPage.getByRole('menuitem', { name: 'Excluir conversa' }).click();
    await adminPage.getByRole('heading', { name: 'Confirmar exclusão' }).waitFor();
    await adminPage.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await adminPage.getByText('Selecione uma conversa', { exact: true }).first().waitFor();
    const gone = await apiFetch(`/conversations/${conversationId}`, { token: admin.token });
    expect(gone.status).toBe(404);
  });

  it('lists the waiting queue oldest first while nobody is free, and bulk-resolves from it', async () => {
    await chooseAvailability(olgaPage, 'Ocupado');
    const first = await postInbound(admin.token, {
      phone: `55117${String(stamp).padStart(6, '0')}3`,
      name: `Fila A ${stamp}`,
      text: 'Quero falar com um atendente',
    });
    const second = await postInbound(admin.token, {
      phone: `55117${String(stamp).padStart(6, '0')}4`,
      name: `Fila B ${stamp}`,
      text: 'Quero falar com um atendente',
    });
    for (const id of [first.conversationId, second.conversationId]) {
      await expect
        .poll(async () => (await conversation(id)).handler.mode, { timeout: 20_000 })
        .toBe('waiting_human');
    }
    await adminPage.getByRole('tab', { name: /Não atribuídas/ }).click();
    const queue = adminPage.getByTestId('conversation-row');
    await expect
      .poll(async () => (await queue.allTextContents()).filter((t) => t.includes(`Fila`)).length)
      .toBe(2);
    const names = (await queue.allTextContents()).filter((t) => t.includes('Fila'));
    expect(names[0]).toContain(`Fila A ${stamp}`);
    expect(names[0]).toMatch(/aguardando há/);
    // The tab's count is the rows shown.
    const count = Number((await adminPage.getByTestId('conversation-count').textContent())?.split(' ')[0]);
    await expect
      .poll(() => adminPage.getByRole('tab', { name: /Não atribuídas/ }).textContent())
      .toBe(`Não atribuídas${count}`);

    // A row's checkbox shows on hover (or keyboard focus); once one is checked, all show.
    await row(adminPage, `Fila A ${stamp}`).hover();
    await adminPage.getByLabel(`Selecionar Fila A ${stamp}`).check();
    await adminPage.getByLabel(`Selecionar Fila B ${stamp}`).check();
    expect(await adminPage.getByTestId('bulk-count').textContent()).toBe('2 selecionadas');
    await adminPage.getByTestId('bulk-bar').getByRole('button', { name: 'Resolver' }).click();
    await adminPage.getByText('2 conversas resolvidas').first().waitFor();
    for (const id of [first.conversationId, second.conversationId]) {
      expect((await conversation(id)).status).toBe('completed');
    }
    await expect.poll(() => row(adminPage, `Fila A ${stamp}`).count()).toBe(0);
  });
});
