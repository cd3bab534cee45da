import type { DomainEvent, SatisfactionSurvey, SimulatorOutboxItem, TimelineEntry } from '@atende/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';

/** Polls until `check` returns a value (jobs run in the background; a loaded machine takes seconds). */
async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The satisfaction survey end to end on the real server and the simulator: sent after a resolution
 * (with the choices to tap), answered by a typed number, an emoji or a tap, commented, published as
 * `csat.received`; a reply that is not a rating reopens as usual; switched off, opted out, erased.
 */
describeEachDatabase('satisfaction survey', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let phone = 5511960000000;
  const published: DomainEvent[] = [];
  const as = () => api(ctx.app, admin);
  const put = (url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${admin}` }, payload });

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    await pairSimulator(ctx.app, admin);
    ctx.app.domainEvents.subscribe((event) => published.push(event));
  });

  const customerWrites = async (
    text: string,
    from = String(++phone),
    extra: Record<string, unknown> = {},
  ) => {
    const response = await as().post('/api/simulator/inbound', { phone: from, text, ...extra });
    expect(response.status).toBe(200);
    return { ...(response.body.data as { conversationId: string; clientId: string }), phone: from };
  };
  const outbox = async (to: string) =>
    (await as().get(`/api/simulator/outbox?phone=${to}`)).body.data as SimulatorOutboxItem[];
  const surveys = async (conversationId: string) =>
    (await as().get(`/api/conversations/${conversationId}/satisfaction`)).body.data as SatisfactionSurvey[];
  const status = async (conversationId: string) =>
    (await as().get(`/api/conversations/${conversationId}?messagesLimit=1`)).body.data.status as string;
  const agentJobs = async (conversationId: string) =>
    (
      await ctx.app.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'agent_reply')
        .where('payload', 'like', `%${conversationId}%`)
        .execute()
    ).length;
  /** A customer writes, the AI answers, a person resolves: the survey goes out. */
  const resolvedWithSurvey = async () => {
    const c = await customerWrites('Qual o prazo de entrega?');
    await waitFor(async () => (await outbox(c.phone)).length > 0);
    expect((await as().post(`/api/conversations/${c.conversationId}/resolve`)).status).toBe(200);
    const rating = await waitFor(async () => (await outbox(c.phone)).find((item) => item.kind === 'rating'));
    return { ...c, rating };
  };

  it('asks after the resolution, with the five choices to tap; a typed 4 rates it and the comment follows', async () => {
    const c = await resolvedWithSurvey();
    expect(c.rating.text).toBe('Como você avalia o atendimento que recebeu?');
    expect(c.rating.choices?.map((choice) => choice.id)).toEqual([
      'csat:5',
      'csat:4',
      'csat:3',
      'csat:2',
      'csat:1',
    ]);
    expect((await surveys(c.conversationId))[0]).toMatchObject({ status: 'sent', rating: null });
    const jobsBefore = await agentJobs(c.conversationId);

    await customerWrites('4', c.phone);
    // Consumed by the survey: still resolved, the agent not woken, the thanks on its way.
    await waitFor(async () =>
      (await outbox(c.phone)).some((item) => item.text.startsWith('Obrigado pela avaliação')),
    );
    expect(await status(c.conversationId)).toBe('completed');
    expect(await agentJobs(c.conversationId)).toBe(jobsBefore);
    expect((await surveys(c.conversationId))[0]).toMatchObject({ status: 'rated', rating: 4, comment: null });
    const event = published.find(
      (e) => e.type === 'csat.received' && e.data.conversationId === c.conversationId,
    );
    expect(event?.data).toMatchObject({ rating: 4, comment: null, clientId: c.clientId });

    await customerWrites('A atendente foi muito atenciosa', c.phone);
    await waitFor(async () => (await surveys(c.conversationId))[0]?.status === 'commented');
    expect((await surveys(c.conversationId))[0]?.comment).toBe('A atendente foi muito atenciosa');
    expect(await status(c.conversationId)).toBe('completed');
    const events = published.filter(
      (e) => e.type === 'csat.received' && e.data.conversationId === c.conversationId,
    );
    expect(events.map((e) => (e.data as { comment: string | null }).comment)).toEqual([
      null,
      'A atendente foi muito atenciosa',
    ]);
    const lines = (await as().get(`/api/conversations/${c.conversationId}/timeline`)).body
      .data as TimelineEntry[];
    expect(lines.map((line) => line.text)).toEqual(
      expect.arrayContaining([
        'Pesquisa de satisfação enviada',
        'Avaliação do cliente: 4 - Bom',
        'Comentário do cliente na pesquisa: “A atendente foi muito atenciosa”',
      ]),
    );
    // The client page lists it too.
    const forClient = (await as().get(`/api/clients/${c.clientId}/satisfaction`)).body
      .data as SatisfactionSurvey[];
    expect(forClient[0]).toMatchObject({ rating: 4, comment: 'A atendente foi muito atenciosa' });
  });

  it('understands an emoji and a tapped choice', async () => {
    const angry = await resolvedWithSurvey();
    await customerWrites('😡', angry.phone);
    await waitFor(async () => (await surveys(angry.conversationId))[0]?.rating === 1);
    const tapped = await resolvedWithSurvey();
    await customerWrites('5 - Excelente', tapped.phone, { interactiveReplyId: 'csat:5' });
    await waitFor(async () => (await surveys(tapped.conversationId))[0]?.rating === 5);
    expect(await status(tapped.conversationId)).toBe('completed');
  });

  it('a reply that is not a rating reopens the conversation and reaches the agent', async () => {
    const c = await resolvedWithSurvey();
    const jobsBefore = await agentJobs(c.conversationId);
    await customerWrites('Na verdade ainda tenho uma dúvida sobre a troca', c.phone);
    expect(await status(c.conversationId)).toBe('active');
    expect(await agentJobs(c.conversationId)).toBe(jobsBefore + 1);
    expect((await surveys(c.conversationId))[0]).toMatchObject({ status: 'sent', rating: null });
  });

  describe('never sent', () => {
    it('when the inbox switched it off', async () => {
      const inboxId = (await as().get('/api/inboxes')).body.data[0].id as string;
      expect(
        (await put(`/api/inboxes/${inboxId}/satisfaction`, { enabled: false, question: 'Nos dê uma nota' }))
          .statusCode,
      ).toBe(200);
      const c = await customerWrites('Oi, tudo bem?');
      await as().post(`/api/conversations/${c.conversationId}/resolve`);
      await waitFor(async () => (await surveys(c.conversationId))[0]?.status === 'disabled');
      expect((await outbox(c.phone)).some((item) => item.kind === 'rating')).toBe(false);
      // On again, with the edited question.
      await put(`/api/inboxes/${inboxId}/satisfaction`, {
        enabled: true,
        question: 'Que nota você dá para nós?',
      });
      const again = await customerWrites('Oi de novo');
      await as().post(`/api/conversations/${again.conversationId}/resolve`);
      const rating = await waitFor(async () =>
        (await outbox(again.phone)).find((item) => item.kind === 'rating'),
      );
      expect(rating.text).toBe('Que nota você dá para nós?');
      await put(`/api/inboxes/${inboxId}/satisfaction`, {
        enabled: true,
        question: 'Como você avalia o atendimento que recebeu?',
      });
    });

    it('to a customer who asked not to be contacted, saying so in the transcript', async () => {
      const c = await customerWrites('Por favor não me mandem mais mensagens');
      const patched = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/clients/${c.clientId}`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { doNotContact: true },
      });
      expect(patched.statusCode).toBe(200);
      expect((await as().get(`/api/clients/${c.clientId}`)).body.data.doNotContact).toBe(true);
      await as().post(`/api/conversations/${c.conversationId}/resolve`);
      await waitFor(async () => (await surveys(c.conversationId))[0]?.status === 'skipped_opt_out');
      const lines = (await as().get(`/api/conversations/${c.conversationId}/timeline`)).body
        .data as TimelineEntry[];
      expect(lines.at(-1)?.text).toBe(
        'Pesquisa de satisfação não enviada: o cliente pediu para não ser contatado',
      );
      expect((await outbox(c.phone)).some((item) => item.kind === 'rating')).toBe(false);
    });

    it('after the customer’s data was erased', async () => {
      const c = await customerWrites('Quero que apaguem meus dados');
      const erased = await as().post(`/api/clients/${c.clientId}/erase`, { confirm: c.clientId });
      expect(erased.status).toBe(200);
      await as().post(`/api/conversations/${c.conversationId}/resolve`);
      await waitFor(async () => (await surveys(c.conversationId))[0]?.status === 'skipped_erased');
    });

    it('twice in a row to a customer who did not write since the last one', async () => {
      const c = await resolvedWithSurvey();
      await as().post(`/api/conversations/${c.conversationId}/reopen`);
      await as().post(`/api/conversations/${c.conversationId}/resolve`);
      await waitFor(async () => (await surveys(c.conversationId))[0]?.status === 'skipped_repeat');
      expect((await outbox(c.phone)).filter((item) => item.kind === 'rating')).toHaveLength(1);
    });
  });

  it('automations hear the rating as csat_received, never as a customer message', async () => {
    const label = (await as().post('/api/labels', { name: 'Avaliou', color: 'amber' })).body.data
      .id as string;
    expect(
      (
        await as().post('/api/automations', {
          name: 'Nota recebida',
          event: 'csat_received',
          actions: [{ type: 'add_label', labelId: label }],
        })
      ).status,
    ).toBe(200);
    await as().post('/api/automations', {
      name: 'Mensagem com péssimo',
      event: 'message_received',
      conditions: [{ type: 'text_contains', words: ['péssimo'] }],
      actions: [{ type: 'add_note', text: 'não devia rodar' }],
    });
    const c = await resolvedWithSurvey();
    await customerWrites('péssimo', c.phone);
    await waitFor(async () => (await surveys(c.conversationId))[0]?.rating === 1);
    await waitFor(async () =>
      (
        (await as().get(`/api/conversations/${c.conversationId}?messagesLimit=1`)).body.data.tags as string[]
      ).includes(label),
    );
    const lines = (await as().get(`/api/conversations/${c.conversationId}/timeline`)).body
      .data as TimelineEntry[];
    expect(lines.some((line) => line.text.includes('não devia rodar'))).toBe(false);
  });
});
