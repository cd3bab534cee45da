import { knowledgeBaseResponseSchema } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';

describeEachDatabase('knowledge base', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let operator = '';
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    operator = (await createAndLogin(ctx.app, 'operator')).token;
  });

  it('starts empty, saves, reads back and notifies subscribers', async () => {
    const empty = await ctx.app.inject({ url: '/api/knowledge-base', headers: bearer(operator) });
    expect(knowledgeBaseResponseSchema.parse(empty.json()).data).toEqual({ content: '', updatedAt: null });

    const changes: string[] = [];
    const unsubscribe = ctx.app.knowledgeBase.onChange((content) => changes.push(content));
    const content = '# Entregas\nEntregamos em todo o Brasil em até 5 dias úteis.';
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge-base',
      headers: bearer(admin),
      payload: { content },
    });
    expect(saved.statusCode).toBe(200);
    const data = knowledgeBaseResponseSchema.parse(saved.json()).data;
    expect(data.content).toBe(content);
    expect(data.updatedAt).not.toBeNull();
    expect(changes).toEqual([content]);
    unsubscribe();

    const read = await ctx.app.inject({ url: '/api/knowledge-base', headers: bearer(operator) });
    expect(read.json().data).toEqual(data);
  });

  it('operators may write only when access control allows it', async () => {
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge-base',
      headers: bearer(operator),
      payload: { content: 'tentativa' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');

    await ctx.app.inject({
      method: 'POST',
      url: '/api/access-control',
      headers: bearer(admin),
      payload: { operatorsCanEditKnowledgeBase: true },
    });
    const allowed = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge-base',
      headers: bearer(operator),
      payload: { content: 'Horário: 8h às 18h.' },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('rejects bad bodies and anonymous calls', async () => {
    const anonymous = await ctx.app.inject({ url: '/api/knowledge-base' });
    expect(anonymous.statusCode).toBe(401);
    for (const payload of [{}, { content: 42 }, { content: null }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/knowledge-base',
        headers: bearer(admin),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge-base',
      headers: bearer(admin),
      payload: { content: 'Só o conteúdo conta.', updatedBy: 'alguém', id: 'outro' },
    });
    expect(extra.statusCode).toBe(200);
    const rows = await ctx.app.db.selectFrom('knowledge_base').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'main', content: 'Só o conteúdo conta.' });
    const tooLong = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge-base',
      headers: bearer(admin),
      payload: { content: 'a'.repeat(500_001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('Base de conhecimento muito grande');
  });
});
