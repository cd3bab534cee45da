import { sessionsResponseSchema } from '@atende/contracts';
import { afterEach, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createTestUser,
  describeEachDatabase,
  listen,
  login,
  useTestApp,
} from '../../../test/helpers.js';

const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describeEachDatabase('profile', (kind) => {
  const ctx = useTestApp(kind);
  const sockets: Array<{ disconnect(): void }> = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  async function signedIn(userAgent?: string) {
    const created = await createTestUser(ctx.app, { role: 'operator' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: userAgent ? { 'user-agent': userAgent } : {},
      payload: { email: created.email, password: created.password },
    });
    return { ...created, token: response.json().data.token as string };
  }

  it('updates own name and avatar URL; refuses other fields and non-http avatars', async () => {
    const me = await signedIn();
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(me.token),
      payload: { name: 'Bruna Lima', avatar: 'https://exemplo.com/b.png' },
    });
    expect(saved.json().data).toMatchObject({ name: 'Bruna Lima', avatar: 'https://exemplo.com/b.png' });
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(me.token) })).json().data.name).toBe(
      'Bruna Lima',
    );
    for (const payload of [{ role: 'admin' }, { avatar: 'javascript:alert(1)' }, { name: '' }]) {
      const bad = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: bearer(me.token),
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('uploads an avatar checked by its bytes and serves it with its real type', async () => {
    const me = await signedIn();
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: bearer(me.token),
      payload: { data: PNG_1x1 },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatar = uploaded.json().data.avatar as string;
    expect(avatar).toMatch(new RegExp(`^/api/avatars/${me.user.id}\\?v=\\d+$`));
    const served = await ctx.app.inject({ url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(Buffer.from(PNG_1x1, 'base64'))).toBe(true);

    const html = Buffer.from('<svg onload="alert(1)"></svg>').toString('base64');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: bearer(me.token),
      payload: { data: html },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Formato não suportado');
    const big = Buffer.concat([Buffer.from(PNG_1x1, 'base64'), Buffer.alloc(300 * 1024)]).toString('base64');
    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: bearer(me.token),
      payload: { data: big },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ url: '/api/avatars/00000000-0000-7000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });

  it('changing the password needs the current one and ends the other sessions and their sockets', async () => {
    const base = await listen(ctx.app);
    const me = await signedIn();
    const other = await login(ctx.app, me.email, me.password);
    const socket = await connectSocket(base, { token: other.token });
    sockets.push(socket);
    const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers: bearer(me.token),
      payload: { currentPassword: 'errada-errada', newPassword: 'nova-senha-123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Senha atual incorreta');
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers: bearer(me.token),
      payload: { currentPassword: me.password, newPassword: 'nova-senha-123' },
    });
    expect(ok.statusCode).toBe(200);
    await dropped;
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(other.token) })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(me.token) })).statusCode).toBe(200);
    await login(ctx.app, me.email, 'nova-senha-123');
  });

  it('lists own live sessions with device and ends one or all the others', async () => {
    const me = await signedIn(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    );
    const phone = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
      },
      payload: { email: me.email, password: me.password },
    });
    const phoneToken = phone.json().data.token as string;
    const third = await login(ctx.app, me.email, me.password);
    const list = sessionsResponseSchema.parse(
      (await ctx.app.inject({ url: '/api/profile/sessions', headers: bearer(me.token) })).json(),
    ).data;
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.current)?.device).toBe('Chrome · Linux');
    expect(list.map((s) => s.device)).toContain('Safari · iOS');
    const phoneSession = list.find((s) => s.device === 'Safari · iOS')!;

    const stranger = await signedIn();
    const notMine = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/profile/sessions/${phoneSession.id}`,
      headers: bearer(stranger.token),
    });
    expect(notMine.statusCode).toBe(404);
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/profile/sessions/${phoneSession.id}`,
      headers: bearer(me.token),
    });
    expect(ended.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(phoneToken) })).statusCode).toBe(401);
    const others = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/sessions/revoke-others',
      headers: bearer(me.token),
    });
    expect(others.json().data.revoked).toBe(1);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(third.token) })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(me.token) })).statusCode).toBe(200);
  });
});
