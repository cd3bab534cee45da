import { createHash } from 'node:crypto';
import type { ApiToken } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import {
  bearer,
  createAndLogin,
  createTestUser,
  describeEachDatabase,
  login,
  useTestApp,
} from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { API_TOKEN_RATE_LIMIT, TOKEN_FORBIDDEN } from './token-authenticator.js';

describeEachDatabase('API tokens', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let conversationId = '';
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    await pairSimulator(ctx.app, admin);
    const sent = await api(ctx.app, admin).post('/api/simulator/inbound', {
      phone: '5511955554444',
      name: 'Caio',
      text: 'Qual o prazo de entrega?',
    });
    conversationId = sent.body.data.conversationId;
  });

  const create = async (name: string, scopes: string[]) => {
    const created = await api(ctx.app, admin).post('/api/integrations/api-tokens', { name, scopes });
    expect(created.status).toBe(200);
    return created.body.data as { apiToken: ApiToken; token: string };
  };

  it('is shown once and stored only as its SHA-256', async () => {
    const { apiToken, token } = await create('n8n leitura', ['conversations:read']);
    expect(token).toMatch(/^atd_[A-Za-z0-9_-]{43}$/);
    const listed = await api(ctx.app, admin).get('/api/integrations/api-tokens');
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(listed.body.data.find((t: ApiToken) => t.id === apiToken.id)).toMatchObject({
      name: 'n8n leitura',
      scopes: ['conversations:read'],
      hint: `${token.slice(0, 10)}…`,
    });
    const row = await ctx.app.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', apiToken.id)
      .executeTakeFirst();
    expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
  });

  it('works on the routes its scopes allow and gets 403 everywhere else', async () => {
    const { token } = await create('somente leitura', ['conversations:read']);
    const list = await api(ctx.app, token).get('/api/conversations');
    expect(list.status).toBe(200);
    expect(list.body.data.some((c: { id: string }) => c.id === conversationId)).toBe(true);
    expect((await api(ctx.app, token).get(`/api/conversations/${conversationId}/messages`)).status).toBe(200);

    const send = await api(ctx.app, token).post(`/api/conversations/${conversationId}/messages`, {
      message: 'Olá!',
    });
    expect(send).toMatchObject({ status: 403, body: { success: false, message: TOKEN_FORBIDDEN } });
    for (const url of [
      '/api/auth/me',
      '/api/integrations/api-tokens',
      '/api/admin-config',
      '/api/users',
      '/api/clients/page',
    ]) {
      expect((await api(ctx.app, token).get(url)).status, url).toBe(403);
    }
    expect(
      (
        await api(ctx.app, token).post('/api/integrations/api-tokens', {
          name: 'x',
          scopes: ['messages:send'],
        })
      ).status,
    ).toBe(403);
    expect(
      (await api(ctx.app, 'atd_nao-existe-nenhum-token-assim-0000000000000000').get('/api/conversations'))
        .status,
    ).toBe(401);
  });

  it('sends with messages:send, under its name; every write is audited, and its last use recorded', async () => {
    const { apiToken, token } = await create('n8n', ['conversations:read', 'messages:send']);
    const sent = await api(ctx.app, token).post(`/api/conversations/${conversationId}/messages`, {
      message: 'Seu pedido saiu para entrega.',
    });
    expect(sent.status).toBe(200);
    const message = await ctx.app.db
      .selectFrom('messages')
      .select(['author_name', 'content'])
      .where('id', '=', sent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ author_name: 'n8n (API)', content: 'Seu pedido saiu para entrega.' });
    const audit = await api(ctx.app, admin).get('/api/audit?action=api_token.use');
    expect(audit.body.data.entries).toContainEqual(
      expect.objectContaining({ action: 'api_token.use', targetId: apiToken.id, actorName: 'n8n (API)' }),
    );
    const listed = (await api(ctx.app, admin).get('/api/integrations/api-tokens')).body.data as ApiToken[];
    expect(listed.find((t) => t.id === apiToken.id)?.lastUsedAt).not.toBeNull();
  });

  it('a revoked token gets 401; creation and revocation are audited; operators may not manage tokens', async () => {
    const { apiToken, token } = await create('temporário', ['analytics:read']);
    expect((await api(ctx.app, token).get('/api/dashboard/stats')).status).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/integrations/api-tokens/${apiToken.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await api(ctx.app, token).get('/api/dashboard/stats')).status).toBe(401);
    const audit = await api(ctx.app, admin).get(`/api/audit?targetId=${apiToken.id}`);
    const actions = (audit.body.data.entries as { action: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['api_token.create', 'api_token.revoke']));

    const operator = (await createAndLogin(ctx.app, 'operator')).token;
    expect((await api(ctx.app, operator).get('/api/integrations/api-tokens')).status).toBe(403);
    const invalid = await api(ctx.app, admin).post('/api/integrations/api-tokens', {
      name: 'x',
      scopes: ['tudo'],
    });
    expect(invalid.status).toBe(400);
  });

  it("acts with its creator's current rights: once she is demoted, it reads and sends only what she may", async () => {
    const creator = await createTestUser(ctx.app, { role: 'admin' });
    const session = (await login(ctx.app, creator.email, creator.password)).token;
    const created = await api(ctx.app, session).post('/api/integrations/api-tokens', {
      name: 'n8n da Bia',
      scopes: ['conversations:read', 'messages:send'],
    });
    expect(created.status).toBe(200);
    const token = created.body.data.token as string;
    const patch = (url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url, headers: bearer(admin), payload });
    const reads = async (who: string) => ({
      detail: (await api(ctx.app, who).get(`/api/conversations/${conversationId}`)).status,
      messages: (await api(ctx.app, who).get(`/api/conversations/${conversationId}/messages`)).status,
      listed: (await api(ctx.app, who).get('/api/conversations')).body.data.some(
        (c: { id: string }) => c.id === conversationId,
      ),
    });
    expect(await reads(token)).toEqual({ detail: 200, messages: 200, listed: true });

    // The conversation's number is open to its members only, and she is demoted to operator (no member).
    expect(
      (await patch('/api/inboxes/default', { operatorAccess: 'members', memberIds: [] })).statusCode,
    ).toBe(200);
    try {
      expect((await patch(`/api/users/${creator.user.id}`, { role: 'operator' })).statusCode).toBe(200);
      const mine = (await login(ctx.app, creator.email, creator.password)).token;
      expect(await reads(mine)).toEqual({ detail: 404, messages: 404, listed: false });
      expect(await reads(token)).toEqual({ detail: 404, messages: 404, listed: false });
      const sent = await api(ctx.app, token).post(`/api/conversations/${conversationId}/messages`, {
        message: 'Não devia sair',
      });
      expect(sent.status).toBe(404);
      expect(sent.body.success).toBe(false);
      const stored = await ctx.app.db
        .selectFrom('messages')
        .select('id')
        .where('content', '=', 'Não devia sair')
        .execute();
      expect(stored).toEqual([]);
      // Promoted again, the same token reaches it again: rights are read on every call.
      expect((await patch(`/api/users/${creator.user.id}`, { role: 'admin' })).statusCode).toBe(200);
      expect(await reads(token)).toEqual({ detail: 200, messages: 200, listed: true });
    } finally {
      await patch('/api/inboxes/default', { operatorAccess: 'all' });
    }
  });

  it(`is rate-limited per token: ${API_TOKEN_RATE_LIMIT} calls a minute, then 429 with Retry-After`, async () => {
    const { token } = await create('rajada', ['analytics:read']);
    const other = await create('outro', ['analytics:read']);
    for (let i = 0; i < API_TOKEN_RATE_LIMIT; i++) {
      const response = await ctx.app.inject({
        url: '/api/dashboard/stats',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
    }
    const limited = await ctx.app.inject({
      url: '/api/dashboard/stats',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api(ctx.app, other.token).get('/api/dashboard/stats')).status).toBe(200);
  });
});
