import { managedUserSchema, usersResponseSchema } from '@atende/contracts';
import { afterEach, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  createTestUser,
  describeEachDatabase,
  listen,
  login,
  TEST_PASSWORD,
  useTestApp,
} from '../../../test/helpers.js';

describeEachDatabase('users (admin)', (kind) => {
  const ctx = useTestApp(kind);
  let admin = { token: '', id: '' };
  let operator = { token: '', id: '' };
  const sockets: Array<{ disconnect(): void }> = [];

  beforeAll(async () => {
    const a = await createAndLogin(ctx.app, 'admin');
    admin = { token: a.token, id: a.user.id };
    const o = await createAndLogin(ctx.app, 'operator');
    operator = { token: o.token, id: o.user.id };
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

  it('operators get 403 on every admin route; no token 401', async () => {
    const target = operator.id;
    const routes: Array<['GET' | 'POST' | 'PATCH', string, object | undefined]> = [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', { name: 'X', email: 'x@y.com', role: 'operator', password: 'senha-longa-1' }],
      ['PATCH', `/api/users/${target}`, { name: 'Outro' }],
      ['POST', `/api/users/${target}/password`, { password: 'senha-longa-2' }],
      ['GET', '/api/config', undefined],
      ['POST', '/api/labels', { name: 'VIP', color: 'red' }],
      ['POST', '/api/canned-replies', { shortcut: 'oi', content: 'Oi' }],
    ];
    for (const [method, url, payload] of routes) {
      const asOperator = await call(method, url, operator.token, payload);
      expect(asOperator.statusCode, `${method} ${url}`).toBe(403);
      expect(asOperator.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      const anonymous = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('admin lists, creates (the new user can sign in), edits name and role', async () => {
    const created = await call('POST', '/api/users', admin.token, {
      name: 'Carla Souza',
      email: 'Carla@Loja.com',
      role: 'operator',
      password: 'senha-inicial-1',
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = managedUserSchema.parse(created.json().data);
    expect(user).toMatchObject({
      email: 'carla@loja.com',
      role: 'operator',
      disabled: false,
      lastSeenAt: null,
    });
    expect(created.body).not.toContain('senha-inicial-1');
    await login(ctx.app, 'carla@loja.com', 'senha-inicial-1');

    const duplicate = await call('POST', '/api/users', admin.token, {
      name: 'Outra',
      email: 'carla@loja.com',
      role: 'operator',
      password: 'senha-inicial-1',
    });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await call('POST', '/api/users', admin.token, { name: '', email: 'x', role: 'chefe' });
    expect(invalid.statusCode).toBe(400);

    const edited = await call('PATCH', `/api/users/${user.id}`, admin.token, {
      name: 'Carla S.',
      role: 'admin',
    });
    expect(edited.json().data).toMatchObject({ name: 'Carla S.', role: 'admin' });
    const list = usersResponseSchema.parse((await call('GET', '/api/users', admin.token)).json()).data;
    expect(list.find((u) => u.id === user.id)).toMatchObject({ name: 'Carla S.', role: 'admin' });
    expect(list.find((u) => u.id === admin.id)?.lastSeenAt).not.toBeNull();
    const mass = await call('PATCH', `/api/users/${user.id}`, admin.token, { password_hash: 'x' });
    expect(mass.statusCode).toBe(400);
  });

  it('disabling ends every session and disconnects its sockets within 2 s; enabling lets them back in', async () => {
    const base = await listen(ctx.app);
    const target = await createTestUser(ctx.app, { role: 'operator' });
    const first = await login(ctx.app, target.email, target.password);
    const second = await login(ctx.app, target.email, target.password);
    const socket = await connectSocket(base, { token: first.token });
    sockets.push(socket);
    const dropped = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.once('disconnect', () => resolve(Date.now() - started));
    });
    const response = await call('PATCH', `/api/users/${target.user.id}`, admin.token, { disabled: true });
    expect(response.json().data.disabled).toBe(true);
    expect(await dropped).toBeLessThan(2000);
    for (const token of [first.token, second.token]) {
      expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    }
    await expect(login(ctx.app, target.email, target.password)).rejects.toThrow(/403 .*ACCOUNT_DISABLED/);
    // Revoked in the database, not only hidden while the user is disabled: enabling them again does
    // not bring the old sessions back.
    const revoked = await ctx.app.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', target.user.id)
      .execute();
    expect(revoked).toHaveLength(2);
    for (const session of revoked) expect(session.revoked_at).not.toBeNull();
    await call('PATCH', `/api/users/${target.user.id}`, admin.token, { disabled: false });
    for (const token of [first.token, second.token]) {
      expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    }
    await login(ctx.app, target.email, target.password);
  });

  it("a password reset by the admin ends the user's sessions and sockets; the new password works", async () => {
    const base = await listen(ctx.app);
    const target = await createTestUser(ctx.app, { role: 'operator' });
    const session = await login(ctx.app, target.email, target.password);
    const socket = await connectSocket(base, { token: session.token });
    sockets.push(socket);
    const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const reset = await call('POST', `/api/users/${target.user.id}/password`, admin.token, {
      password: 'nova-senha-forte-9',
    });
    expect(reset.statusCode).toBe(200);
    await dropped;
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(session.token) })).statusCode).toBe(
      401,
    );
    await login(ctx.app, target.email, 'nova-senha-forte-9');
    await expect(login(ctx.app, target.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(admin.token) })).statusCode).toBe(
      200,
    );
  });

  it('the last active admin can be neither disabled nor demoted', async () => {
    // Leave exactly one active admin: disable/demote every other admin made by earlier tests.
    const list = usersResponseSchema.parse((await call('GET', '/api/users', admin.token)).json()).data;
    for (const u of list) {
      if (u.role === 'admin' && u.id !== admin.id && !u.disabled) {
        expect(
          (await call('PATCH', `/api/users/${u.id}`, admin.token, { role: 'operator' })).statusCode,
        ).toBe(200);
      }
    }
    const other = await createAndLogin(ctx.app, 'admin');
    // With two admins one may be demoted; then the remaining one may not.
    expect(
      (await call('PATCH', `/api/users/${other.user.id}`, admin.token, { role: 'operator' })).statusCode,
    ).toBe(200);
    const demote = await call('PATCH', `/api/users/${admin.id}`, admin.token, { role: 'operator' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toContain('último administrador');
    const self = await call('PATCH', `/api/users/${admin.id}`, admin.token, { disabled: true });
    expect(self.statusCode).toBe(409);
    // Another admin cannot disable the last active one either.
    await call('PATCH', `/api/users/${other.user.id}`, admin.token, { role: 'admin' });
    const otherLogin = await login(ctx.app, other.email, other.password);
    expect(
      (await call('PATCH', `/api/users/${admin.id}`, otherLogin.token, { disabled: true })).statusCode,
    ).toBe(200);
    const last = await call('PATCH', `/api/users/${other.user.id}`, otherLogin.token, { role: 'operator' });
    expect(last.statusCode).toBe(409);
    const enabled = await call('PATCH', `/api/users/${admin.id}`, otherLogin.token, { disabled: false });
    expect(enabled.statusCode).toBe(200);
  });

  it('two admins demoting each other at the same time: one stays admin', async () => {
    const a = await createAndLogin(ctx.app, 'admin');
    const b = await createAndLogin(ctx.app, 'admin');
    const list = usersResponseSchema.parse((await call('GET', '/api/users', a.token)).json()).data;
    for (const u of list) {
      if (u.role === 'admin' && !u.disabled && u.id !== a.user.id && u.id !== b.user.id) {
        await call('PATCH', `/api/users/${u.id}`, a.token, { role: 'operator' });
      }
    }
    const [ra, rb] = await Promise.all([
      call('PATCH', `/api/users/${b.user.id}`, a.token, { role: 'operator' }),
      call('PATCH', `/api/users/${a.user.id}`, b.token, { role: 'operator' }),
    ]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    // The loser is refused either as the last admin (409) or, when its request is authorised after
    // the winner's demotion committed, as no longer an admin (403). Both keep one admin.
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const after = usersResponseSchema.parse(
      (await call('GET', '/api/users', ra.statusCode === 200 ? a.token : b.token)).json(),
    ).data;
    expect(after.filter((u) => u.role === 'admin' && !u.disabled)).toHaveLength(1);
  });
});
