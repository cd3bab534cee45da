import { labelsResponseSchema } from '@atende/contracts';
import { afterEach, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  describeEachDatabase,
  listen,
  nextEvent,
  recordEvents,
  sleep,
  useTestApp,
} from '../../../test/helpers.js';

describeEachDatabase('labels and canned replies', (kind) => {
  const ctx = useTestApp(kind);
  const sockets: Array<{ disconnect(): void }> = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  it('labels: admin creates, renames, recolours and deletes; names unique ignoring case; operators read', async () => {
    const admin = (await createAndLogin(ctx.app, 'admin')).token;
    const operator = (await createAndLogin(ctx.app, 'operator')).token;
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const vip = (await send('POST', '/api/labels', { name: 'VIP', color: 'amber' })).json().data;
    expect(vip).toMatchObject({ name: 'VIP', color: 'amber' });
    expect((await send('POST', '/api/labels', { name: 'vip', color: 'red' })).statusCode).toBe(409);
    expect((await send('POST', '/api/labels', { name: 'X', color: 'verde-limão' })).statusCode).toBe(400);
    const renamed = await send('PUT', `/api/labels/${vip.id}`, { name: 'Cliente VIP', color: 'violet' });
    expect(renamed.json().data).toMatchObject({ id: vip.id, name: 'Cliente VIP', color: 'violet' });
    const read = await ctx.app.inject({ url: '/api/labels', headers: bearer(operator) });
    expect(labelsResponseSchema.parse(read.json()).data).toEqual([
      { id: vip.id, name: 'Cliente VIP', color: 'violet' },
    ]);
    expect(
      (await send('PUT', `/api/labels/${vip.id}`, { name: 'Y', color: 'red' }, operator)).statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/labels/${vip.id}`, undefined, operator)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/labels/${vip.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/labels/${vip.id}`)).statusCode).toBe(404);
  });

  it('canned replies: the four defaults exist; admin adds, edits, deletes; shortcuts unique', async () => {
    const admin = (await createAndLogin(ctx.app, 'admin')).token;
    const operator = (await createAndLogin(ctx.app, 'operator')).token;
    const list = async () =>
      (await ctx.app.inject({ url: '/api/canned-replies', headers: bearer(operator) })).json().data as Array<{
        id: string;
        shortcut: string;
        content: string;
      }>;
    const defaults = await list();
    expect(defaults.map((r) => r.shortcut)).toEqual(['ola', 'obrigado', 'verificar', 'algo-mais']);
    expect(defaults[0]?.content).toContain('{nome}');
    const post = (payload: object, token = admin) =>
      ctx.app.inject({ method: 'POST', url: '/api/canned-replies', headers: bearer(token), payload });
    expect((await post({ shortcut: 'prazo', content: 'O prazo é de 3 dias.' }, operator)).statusCode).toBe(
      403,
    );
    const created = (await post({ shortcut: 'prazo', content: 'O prazo é de 3 dias, {nome}.' })).json().data;
    expect(created.position).toBe(4);
    expect((await post({ shortcut: 'prazo', content: 'Outro' })).statusCode).toBe(409);
    expect((await post({ shortcut: 'Com Espaço', content: 'x' })).statusCode).toBe(400);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/canned-replies/${created.id}`,
      headers: bearer(admin),
      payload: { shortcut: 'prazo-entrega', content: 'Entregamos em 3 dias úteis.' },
    });
    expect(edited.json().data).toMatchObject({ shortcut: 'prazo-entrega', position: 4 });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/canned-replies/${created.id}`,
      headers: bearer(admin),
    });
    expect((await list()).map((r) => r.shortcut)).not.toContain('prazo-entrega');
  });

  it("an operator's socket hears when an admin changes the labels or the canned replies, not when a write is refused", async () => {
    const admin = (await createAndLogin(ctx.app, 'admin')).token;
    const operator = (await createAndLogin(ctx.app, 'operator')).token;
    const socket = await connectSocket(await listen(ctx.app), { token: operator });
    sockets.push(socket);
    await new Promise((resolve) => socket.emit('join:dashboard', resolve));
    const send = (url: string, payload: object, token = admin, method: 'POST' | 'PUT' = 'POST') =>
      ctx.app.inject({ method, url, headers: bearer(token), payload });

    const labelChanged = nextEvent(socket, 'labels:changed');
    const label = (await send('/api/labels', { name: 'Atacado', color: 'sky' })).json().data;
    await labelChanged;
    const renamed = nextEvent(socket, 'labels:changed');
    await send(`/api/labels/${label.id}`, { name: 'Atacado SP', color: 'sky' }, admin, 'PUT');
    await renamed;
    const replyChanged = nextEvent(socket, 'canned-replies:changed');
    await send('/api/canned-replies', { shortcut: 'frete', content: 'O frete é grátis acima de R$ 200.' });
    await replyChanged;

    const heard = recordEvents(socket, 'labels:changed');
    expect((await send('/api/labels', { name: 'Nada', color: 'red' }, operator)).statusCode).toBe(403);
    expect((await send('/api/labels', { name: 'atacado sp', color: 'red' })).statusCode).toBe(409);
    await sleep(200);
    expect(heard.received).toEqual([]);
  });
});
