import { type Conversation, conversationView } from '@atende/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAt, type ServerApi, type Session } from './support/api';
import { launchBrowser, newPage, signIn, type TestPage, VIEWPORTS } from './support/browser';
import { E2E_DATABASE_KINDS, startTestServer, type TestServer } from './support/test-server';

/**
 * The team's day in three browsers at once (two operators and an admin), on a server of its own, on
 * SQLite and (with TEST_DATABASE_URL) PostgreSQL: a hand-off is assigned to the operator who is
 * online, not to the one who is away; she sees it unread (badge, tab title, bold row) and, with the
 * tab hidden, gets a browser notification; she writes a private note mentioning her colleague (who is
 * notified), replies, resolves; the customer writes again and it comes back to her; a snoozed
 * conversation comes back at its time; an operator cannot delete; the admin can, after the spec's
 * confirmation; the waiting queue is oldest first; a customer who went silent after our answer is
 * abandoned once the admin sets a short time in the settings, live in the list and the header. At
 * every state a header shows, it is what `conversationView` makes of the server's conversation.
 */

const stamp = Date.now() % 1_000_000;
const OLGA = { name: `Olga ${stamp}`, email: `olga${stamp}@loja.com.br`, password: 'senha-da-olga-1' };
const BETO = { name: `Beto ${stamp}`, email: `beto${stamp}@loja.com.br`, password: 'senha-do-beto-1' };
/** The demo knowledge base answers it: the AI has the last word, then the customer says nothing. */
const KB_QUESTION = 'Tem desconto pagando no Pix?';
const SILENT = { phone: `55118${String(stamp).padStart(6, '0')}5`, name: `Sílvia ${stamp}` };

describe.each(E2E_DATABASE_KINDS)("the team's day (%s)", (database) => {
  let server: TestServer;
  let api: ServerApi;
  let browser: Browser;
  let admin: Session;
  let olga: Session;
  let beto: Session;
  const opened: TestPage[] = [];
  let silentId = '';
  let inboxId = '';

  interface Row {
    status: string;
    archivedAt: string | null;
    handler: { mode: string; userId: string | null };
  }

  const conversation = async (id: string, as: Session = admin) =>
    (await api.apiFetch<{ data: Row & Conversation }>(`/conversations/${id}`, { token: as.token })).body.data;
  const outbox = async (phone: string) =>
    (
      await api.apiFetch<{ data: { text: string }[] }>(`/simulator/outbox?phone=${phone}`, {
        token: admin.token,
      })
    ).body.data;

  async function createOperator(person: typeof OLGA): Promise<Session> {
    const created = await api.apiFetch('/users', {
      method: 'POST',
      token: admin.token,
      body: { ...person, role: 'operator' },
    });
    expect(created.status).toBe(200);
    return api.login(person);
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
    const t = await newPage(browser, { viewport, baseURL: server.baseUrl });
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
      localStorage.setItem(
        'notification_alerts',
        JSON.stringify({ sound: true, browser: true, asked: true }),
      );
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
    // By keyboard: a toast of the last action may still lie over the menu's lower items.
    await page.getByRole('menuitemradio', { name: new RegExp(label) }).press('Enter');
    await expect
      .poll(() => page.getByRole('menuitemradio', { name: new RegExp(label) }).getAttribute('aria-checked'))
      .toBe('true');
    await page.keyboard.press('Escape');
  }

  const state = (page: Page) => page.getByTestId('conversation-state');
  const row = (page: Page, name: string) => page.getByTestId('conversation-row').filter({ hasText: name });

  /** The header's buttons for each action `conversationView` may allow (the rest live in a menu). */
  const HEADER_BUTTONS = [
    ['takeover', 'Assumir'],
    ['handback', 'Devolver à IA'],
    ['snooze', 'Adiar'],
    ['unsnooze', 'Retomar'],
    ['reopen', 'Reabrir'],
    ['resolve', 'Resolver'],
  ] as const;

  /**
   * What the chat header shows differs from what `conversationView` makes of the server's conversation
   * for this viewer (the status, who answers, the buttons): '' when they agree and the status line is
   * `expected`, else what differs.
   */
  async function headerMismatch(
    page: Page,
    viewer: Session,
    conversationId: string,
    expected: string | RegExp,
  ): Promise<string> {
    const server = await conversation(conversationId, viewer);
    const view = conversationView(
      server,
      { id: viewer.user.id, role: viewer.user.role as 'admin' | 'operator' },
      { timeZone: 'America/Sao_Paulo' },
    );
    const header = page.locator('header', { has: state(page) });
    const shown = (await state(page).textContent()) ?? '';
    const problems: string[] = [];
    const wanted = `${view.status.label}${view.handler?.label ?? ''}`;
    if (shown !== wanted) problems.push(`header "${shown}", server "${wanted}"`);
    if (typeof expected === 'string' ? shown !== expected : !expected.test(shown)) {
      problems.push(`header "${shown}", expected ${expected}`);
    }
    const hasHandler = (await state(page).getByTestId('handler-chip').count()) > 0;
    if (hasHandler !== (view.handler !== null)) problems.push(`handler chip ${hasHandler}`);
    for (const [action, name] of HEADER_BUTTONS) {
      const shownButton = (await header.getByRole('button', { name, exact: true }).count()) > 0;
      if (shownButton !== view.actions.has(action))
        problems.push(`${name}: ${shownButton ? 'shown' : 'missing'}`);
    }
    return problems.join('; ');
  }

  /** Waits for the header to say `expected`, and to agree with the server's conversation in everything. */
  async function expectHeader(
    page: Page,
    viewer: Session,
    conversationId: string,
    expected: string | RegExp,
    timeout = 10_000,
  ): Promise<void> {
    await expect.poll(() => headerMismatch(page, viewer, conversationId, expected), { timeout }).toBe('');
  }

  beforeAll(async () => {
    server = await startTestServer({ database });
    api = apiAt(server.baseUrl);
    browser = await launchBrowser();
    admin = await api.loginAsAdmin();
    await api.pairSimulator(admin.token);
    // The demo's hand-offs still waiting would fill Olga's places as soon as she is online.
    for (let round = 0; round < 10; round++) {
      const waiting = await api.apiFetch<{ data: { id: string }[] }>(
        '/conversations?status=active&handler=waiting_human&limit=100',
        { token: admin.token },
      );
      const ids = waiting.body.data.map((c) => c.id);
      if (ids.length === 0) break;
      await api.apiFetch('/conversations/bulk', {
        method: 'POST',
        token: admin.token,
        body: { action: 'resolve', conversationIds: ids },
      });
    }
    // A customer the AI answers, then silent: abandoned at the end of the day (the last test).
    silentId = (
      await api.postInbound(admin.token, { phone: SILENT.phone, name: SILENT.name, text: KB_QUESTION })
    ).conversationId;
    olga = await createOperator(OLGA);
    beto = await createOperator(BETO);
    // The primary number assigns by itself among these two.
    const inboxes = await api.apiFetch<{ data: { id: string; primary: boolean }[] }>('/inboxes', {
      token: admin.token,
    });
    inboxId = inboxes.body.data.find((inbox) => inbox.primary)!.id;
    const changed = await api.apiFetch(`/inboxes/${inboxId}`, {
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
  }, 180_000);

  afterAll(async () => {
    for (const t of opened.splice(0)) await t.context.close();
    await browser?.close();
    await server?.stop();
  });

  describe('through the day', () => {
    let olgaPage: Page;
    let betoPage: Page;
    let adminPage: Page;
    let conversationId = '';
    const phone = `55118${String(stamp).padStart(6, '0')}2`;
    const clientName = `Camila ${stamp}`;

    it('hands a conversation to the operator who is online, not to the one who is away', async () => {
      // Three people at once, each in a browser of their own.
      olgaPage = await openRecorded(olga, '/conversations');
      betoPage = await openRecorded(beto, '/conversations', VIEWPORTS.phone);
      adminPage = await openRecorded(admin, '/conversations');
      await chooseAvailability(betoPage, 'Ausente');
      await chooseAvailability(olgaPage, 'Online');
      // Everyone sees the colleague's dot change, live.
      await expect
        .poll(async () => {
          const team = await api.apiFetch<{ data: { id: string; availability: string }[] }>('/team/members', {
            token: admin.token,
          });
          return team.body.data.find((m) => m.id === beto.user.id)?.availability;
        })
        .toBe('away');

      const sent = await api.postInbound(admin.token, {
        phone,
        name: clientName,
        text: 'Quero falar com um atendente, por favor',
      });
      conversationId = sent.conversationId;
      await expect
        .poll(async () => (await conversation(conversationId)).handler, { timeout: 20_000 })
        .toMatchObject({ mode: 'human', userId: olga.user.id });

      // The silent customer got the AI's answer: the last word is ours.
      await expect
        .poll(async () => (await outbox(SILENT.phone)).length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      expect((await conversation(silentId)).handler.mode).toBe('ai');
    });

    it('shows it unread to her: the nav badge, the tab title, a bold row under Minhas', async () => {
      await expect.poll(() => olgaPage.title()).toMatch(/^\(\d+\) Atende$/);
      const badge = olgaPage
        .getByRole('navigation', { name: 'Navegação principal' })
        .getByTestId('nav-badge');
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
      await expectHeader(olgaPage, olga, conversationId, 'AtivaCom você');
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
      await expect
        .poll(async () => (await recorded(betoPage)).length, { timeout: 10_000 })
        .toBeGreaterThan(0);
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
      await expectHeader(olgaPage, olga, conversationId, 'AtivaCom você');

      await olgaPage.getByRole('button', { name: 'Resolver', exact: true }).click();
      await expectHeader(olgaPage, olga, conversationId, 'Finalizada');
      // The transcript says what she did, in a line of its own.
      await expect.poll(() => olgaPage.getByTestId('system-line').count()).toBeGreaterThan(0);
      expect((await conversation(conversationId)).status).toBe('completed');
    });

    it('comes back to the same person when the customer writes again', async () => {
      await api.postInbound(admin.token, { phone, name: clientName, text: 'Oi de novo, esqueci uma coisa' });
      await expect
        .poll(async () => (await conversation(conversationId)).handler)
        .toMatchObject({ mode: 'human', userId: olga.user.id });
      await expectHeader(olgaPage, olga, conversationId, 'AtivaCom você');
    });

    it('snoozes until the customer writes, and a timed snooze comes back at its time', async () => {
      await olgaPage.getByRole('button', { name: 'Adiar' }).click();
      await olgaPage.getByRole('menuitem', { name: 'Até o cliente responder' }).click();
      await expectHeader(olgaPage, olga, conversationId, 'Adiada até o cliente responder');
      await olgaPage.getByRole('button', { name: 'Retomar', exact: true }).click();
      await expectHeader(olgaPage, olga, conversationId, 'AtivaCom você');

      const until = new Date(Date.now() + 4000).toISOString();
      const snoozed = await api.apiFetch(`/conversations/${conversationId}/snooze`, {
        method: 'POST',
        token: olga.token,
        body: { until },
      });
      expect(snoozed.status).toBe(200);
      await expectHeader(olgaPage, olga, conversationId, /^Adiada até \d{2}:\d{2}$/);
      await expectHeader(olgaPage, olga, conversationId, 'AtivaCom você', 20_000);
    });

    it('gives an operator no delete (the server refuses too); the admin deletes after confirming', async () => {
      await olgaPage.getByRole('button', { name: 'Mais opções' }).click();
      await olgaPage.getByRole('menuitem', { name: 'Arquivar conversa' }).waitFor();
      expect(await olgaPage.getByRole('menuitem', { name: 'Excluir conversa' }).count()).toBe(0);
      await olgaPage.keyboard.press('Escape');
      const refused = await api.apiFetch(`/conversations/${conversationId}`, {
        method: 'DELETE',
        token: olga.token,
      });
      expect(refused.status).toBe(403);

      await adminPage.goto(`/conversations?c=${conversationId}`);
      await adminPage.getByTestId('chat-title').filter({ hasText: clientName }).waitFor();
      // The admin reads it as Olga's, and may take it or hand it back.
      await expectHeader(adminPage, admin, conversationId, `AtivaCom ${OLGA.name}`);
      await adminPage.getByRole('button', { name: 'Mais opções' }).click();
      await adminPage.getByRole('menuitem', { name: 'Excluir conversa' }).click();
      await adminPage.getByRole('heading', { name: 'Confirmar exclusão' }).waitFor();
      await adminPage.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await adminPage.getByText('Selecione uma conversa', { exact: true }).first().waitFor();
      const gone = await api.apiFetch(`/conversations/${conversationId}`, { token: admin.token });
      expect(gone.status).toBe(404);
    });

    it('lists the waiting queue oldest first while nobody is free, gives the oldest to whoever comes back with room, and bulk-resolves', async () => {
      await chooseAvailability(olgaPage, 'Ocupado');
      // One after the other: a wait starts at the hand-off, and two agent replies at once may end in
      // either order.
      const waiting = async (suffix: string, name: string) => {
        const sent = await api.postInbound(admin.token, {
          phone: `55117${String(stamp).padStart(6, '0')}${suffix}`,
          name,
          text: 'Quero falar com um atendente',
        });
        await expect
          .poll(async () => (await conversation(sent.conversationId)).handler.mode, { timeout: 20_000 })
          .toBe('waiting_human');
        return sent;
      };
      const first = await waiting('3', `Fila A ${stamp}`);
      const second = await waiting('4', `Fila B ${stamp}`);
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
      // Waiting for a person and held by nobody: the admin may take it, assign it or resolve it.
      await row(adminPage, `Fila A ${stamp}`).click();
      await expectHeader(adminPage, admin, first.conversationId, 'AtivaAguardando humano');

      // Olga comes back with room for one: the oldest waiting is hers at once, the other keeps waiting.
      const roomForOne = await api.apiFetch(`/inboxes/${inboxId}`, {
        method: 'PATCH',
        token: admin.token,
        body: { assignCapacity: 1 },
      });
      expect(roomForOne.status).toBe(200);
      await chooseAvailability(olgaPage, 'Online');
      await expect
        .poll(async () => (await conversation(first.conversationId)).handler)
        .toMatchObject({ mode: 'human', userId: olga.user.id });
      await expectHeader(adminPage, admin, first.conversationId, `AtivaCom ${OLGA.name}`);
      expect((await conversation(second.conversationId)).handler.mode).toBe('waiting_human');
      await expect
        .poll(() => adminPage.getByRole('tab', { name: /Não atribuídas/ }).textContent())
        .toBe(`Não atribuídas${count - 1}`);

      // A row's checkbox shows on hover (or keyboard focus); once one is checked, all show.
      await adminPage.getByRole('tab', { name: /Todas/ }).click();
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

    it('abandons the customer who went silent once the admin sets a short time, live in the list and the header', async () => {
      // Olga watches the silent conversation, every status in the list.
      await olgaPage.getByRole('tab', { name: /Todas/ }).click();
      await olgaPage.getByRole('combobox', { name: 'Filtrar por status' }).selectOption({ label: 'Todas' });
      await row(olgaPage, SILENT.name).click();
      await olgaPage.getByTestId('chat-title').filter({ hasText: SILENT.name }).waitFor();
      await expectHeader(olgaPage, olga, silentId, 'AtivaIA respondendo');
      expect(await row(olgaPage, SILENT.name).getByTestId('status-badge').textContent()).toBe('Ativa');

      // The admin shortens the silence in the settings: a minute.
      await adminPage.goto('/settings/conversations');
      const rules = adminPage.getByTestId('conversation-rules-settings');
      await rules.getByLabel('Unidade').selectOption({ label: 'minutos' });
      await rules.getByLabel('Abandonada após').fill('1');
      await rules.getByRole('button', { name: 'Salvar' }).click();
      await expect
        .poll(
          async () =>
            (
              await api.apiFetch<{ data: { abandonAfterMinutes: number } }>('/conversation-rules', {
                token: admin.token,
              })
            ).body.data.abandonAfterMinutes,
        )
        .toBe(1);

      // At once if she has been silent a minute already, else when that minute ends.
      await expectHeader(olgaPage, olga, silentId, 'Abandonada', 75_000);
      // The list heard it too: the row changed in place, with nobody answering any more.
      await expect
        .poll(() => row(olgaPage, SILENT.name).getByTestId('status-badge').textContent())
        .toBe('Abandonada');
      expect(await row(olgaPage, SILENT.name).getByTestId('handler-chip').count()).toBe(0);
      await expect
        .poll(() =>
          olgaPage.getByTestId('system-line').filter({ hasText: 'não respondeu por 1 min' }).count(),
        )
        .toBe(1);
      expect((await conversation(silentId)).status).toBe('abandoned');
    }, 120_000);
  });
});
