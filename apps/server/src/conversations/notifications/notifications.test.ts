import { notificationsResponseSchema } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';

describeEachDatabase('notifications', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let operator = { token: '', id: '' };
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    const o = await createAndLogin(ctx.app, 'operator');
    operator = { token: o.token, id: o.user.id };
  });
  const list = async (token: string) =>
    notificationsResponseSchema.parse((await api(ctx.app, token).get('/api/notifications')).body).data;

  it('WhatsApp disconnected, a hand-off waiting, an assignment to me; read marks per user', async () => {
    const before = await list(operator.token);
    expect(before.items.map((i) => i.kind)).toContain('whatsapp_disconnected');
    await pairSimulator(ctx.app, admin);
    await ctx.app.domain.jobs.stop();
    expect((await list(operator.token)).items.map((i) => i.kind)).not.toContain('whatsapp_disconnected');

    const sent = await api(ctx.app, admin).post('/api/simulator/inbound', {
      phone: '5511977776666',
      name: 'Nina',
      text: 'Quero falar com um atendente',
    });
    const conversationId = sent.body.data.conversationId as string;
    await ctx.app.domain.messaging.changeHandler(conversationId, {
      mode: 'waiting_human',
      reason: 'pediu uma pessoa',
    });
    const waiting = await list(operator.token);
    const handoff = waiting.items.find((i) => i.kind === 'handoff' && i.conversationId === conversationId);
    expect(handoff).toMatchObject({ read: false, title: 'Conversa aguardando atendimento' });
    expect(handoff?.body).toContain('Nina');
    expect(waiting.unread).toBeGreaterThan(0);

    await api(ctx.app, operator.token).post('/api/notifications/read', { ids: [handoff!.id] });
    const afterRead = await list(operator.token);
    expect(afterRead.items.find((i) => i.id === handoff!.id)?.read).toBe(true);
    expect(afterRead.unread).toBe(waiting.unread - 1);
    expect((await list(admin)).items.find((i) => i.id === handoff!.id)?.read).toBe(false);

    await api(ctx.app, admin).post(`/api/conversations/${conversationId}/assign`, { userId: operator.id });
    const assigned = await list(operator.token);
    expect(assigned.items.find((i) => i.kind === 'assigned')).toMatchObject({ conversationId, read: false });
    expect(assigned.items.some((i) => i.kind === 'handoff' && i.conversationId === conversationId)).toBe(
      false,
    );
    await api(ctx.app, operator.token).post('/api/notifications/read', {});
    expect((await list(operator.token)).unread).toBe(0);
  });
});
