import { expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';

describeEachDatabase('a canned reply with {primeiro_nome}, sent', (kind) => {
  const ctx = useTestApp(kind);

  it("reaches the customer and the transcript with the customer's first name", async () => {
    const token = (await createAndLogin(ctx.app, 'admin')).token;
    const admin = api(ctx.app, token);
    await pairSimulator(ctx.app, token);
    await ctx.app.domain.jobs.stop();
    const phone = `5511944${String(Date.now()).slice(-6)}`;
    const inbound = await admin.post('/api/simulator/inbound', { phone, name: 'Joana Prado', text: 'Oi' });
    const conversationId = inbound.body.data.conversationId as string;
    const sent = await admin.post(`/api/conversations/${conversationId}/messages`, {
      message: 'Olá, {primeiro_nome}! Seu pedido saiu para entrega.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.content).toBe('Olá, Joana! Seu pedido saiu para entrega.');
    const stored = await ctx.app.db
      .selectFrom('messages')
      .select('content')
      .where('conversation_id', '=', conversationId)
      .where('sender', '!=', 'client')
      .execute();
    expect(stored.map((m) => m.content)).toContain('Olá, Joana! Seu pedido saiu para entrega.');
    expect(JSON.stringify(stored)).not.toContain('{primeiro_nome}');
  });
});
