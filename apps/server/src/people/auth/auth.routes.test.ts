import { DEMO_ADMIN, loginResponseSchema, publicInfoResponseSchema } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  createAndLogin,
  createTestApp,
  createTestUser,
  describeEachDatabase,
  login,
  useTestApp,
} from '../../../test/helpers.js';
import { hashToken } from '../../lib/tokens.js';
import { changePassword } from '../users/users.service.js';

const HOUR = 60 * 60 * 1000;

describeEachDatabase('auth routes', (kind) => {
  const ctx = useTestApp(kind);

  it('logs in with the contract envelope, stores only the token hash and an argon2id hash', async () => {
    const { email, password, user } = await createTestUser(ctx.app, { role: 'operator' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: email.toUpperCase(), password, remember: false },
    });
    expect(response.statusCode).toBe(200);
    const body = loginResponseSchema.parse(response.json());
    expect(body.message).toBe('Login realizado com sucesso');
    expect(body.data.user).toMatchObject({ id: user.id, email, role: 'operator' });
    expect(body.data.token.length).toBeGreaterThanOrEqual(43);

    const sessions = await ctx.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sessions)).not.toContain(body.data.token);
    const row = await ctx.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers unknown e-mail and wrong password identically', async () => {
    const { email } = await createTestUser(ctx.app);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'senha-errada' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ninguem@teste.local', password: 'senha-errada' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'E-mail ou senha inválidos',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('spends comparable time on unknown e-mails and wrong passwords (no timing tell)', async () => {
    const { email } = await createTestUser(ctx.app);
    const time = async (address: string) => {
      const started = performance.now();
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: address, password: 'x-errada' },
      });
      return performance.now() - started;
    };
    await time('aquecimento@teste.local');
    // Interleaved, and medians: one slow write or collection on a busy machine moves a single sample.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(email));
      unknown.push(await time(`outro-${i}@teste.local`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    // Both paths run one argon2id verification; without the dummy hash the unknown path skips it and
    // measured about 1.5 ms against 8.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('validates the login body in pt-BR, naming the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'não-é-email', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain('email: E-mail inválido');
  });

  it('sets 12 h expiry, or 30 days with remember', async () => {
    const { email, password } = await createTestUser(ctx.app);
    const before = Date.now();
    const short = await login(ctx.app, email, password, false);
    const long = await login(ctx.app, email, password, true);
    const shortMs = Date.parse(short.expiresAt) - before;
    const longMs = Date.parse(long.expiresAt) - before;
    expect(shortMs).toBeGreaterThan(12 * HOUR - 60_000);
    expect(shortMs).toBeLessThanOrEqual(12 * HOUR + 60_000);
    expect(longMs).toBeGreaterThan(30 * 24 * HOUR - 60_000);
    expect(longMs).toBeLessThanOrEqual(30 * 24 * HOUR + 60_000);
  });

  it('returns the user on /me and 401 without or with a bad token', async () => {
    const { token, user } = await createAndLogin(ctx.app, 'operator');
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ success: true, data: { id: user.id, role: 'operator' } });

    const missing = await ctx.app.inject({ url: '/api/auth/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const bad = await ctx.app.inject({ url: '/api/auth/me', headers: bearer('x'.repeat(43)) });
    expect(bad.statusCode).toBe(401);
    const malformed = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);
  });

  it('logout revokes the token on the server for every route', async () => {
    const { token } = await createAndLogin(ctx.app, 'admin');
    const other = await createAndLogin(ctx.app, 'admin');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logout realizado com sucesso' });
    for (const url of ['/api/auth/me', '/api/config', '/api/knowledge-base', '/api/dashboard/health']) {
      const response = await ctx.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(401);
    }
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    const stillIn = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(other.token) });
    expect(stillIn.statusCode).toBe(200);
  });

  it('logout with a JSON content type and no body works (the web client sends one)', async () => {
    const { token } = await createAndLogin(ctx.app);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
  });

  it('changing the password ends the other sessions; disabling ends all', async () => {
    const { email, password, user } = await createTestUser(ctx.app);
    const first = await login(ctx.app, email, password);
    const second = await login(ctx.app, email, password);
    const secondSession = await ctx.app.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(second.token))
      .executeTakeFirstOrThrow();
    const revokedIds: string[] = [];
    await changePassword(ctx.app.db, user.id, 'nova-senha-456', {
      keepSessionId: secondSession.id,
      onRevoked: (ids) => {
        revokedIds.push(...ids);
      },
    });
    expect(revokedIds).toHaveLength(1);
    const firstMe = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(first.token) });
    const secondMe = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(second.token) });
    expect(firstMe.statusCode).toBe(401);
    expect(secondMe.statusCode).toBe(200);
    await expect(login(ctx.app, email, password)).rejects.toThrow(/401/);
    const fresh = await login(ctx.app, email, 'nova-senha-456');

    const admin = await createAndLogin(ctx.app, 'admin');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: bearer(admin.token),
      payload: { disabled: true },
    });
    const disabled = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(fresh.token) });
    expect(disabled.statusCode).toBe(401);
  });

  it('a disabled account: the right password is told so and whom to ask; a wrong one gets the usual answer, in the usual time', async () => {
    const adminOf = async (name: string) => {
      const created = await createTestUser(ctx.app, { role: 'admin', name });
      return { ...created, token: (await login(ctx.app, created.email, created.password)).token };
    };
    const admin = await adminOf('Beatriz Admin');
    const { email, password, user } = await createTestUser(ctx.app, { role: 'operator' });
    const other = await createTestUser(ctx.app, { role: 'operator' });
    // Its own address: the suite's other failed sign-ins do not count against this test's.
    const attempt = (address: string, secret: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email: address, password: secret },
      });
    const disable = (id: string, token: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}`,
        headers: bearer(token),
        payload: { disabled: true },
      });
    expect((await disable(user.id, admin.token)).statusCode).toBe(200);

    const right = await attempt(email, password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      success: false,
      code: 'ACCOUNT_DISABLED',
      message: `Sua conta está desativada. Peça a ${admin.user.name} para reativá-la.`,
    });
    const wrong = await attempt(email, 'senha-errada');
    const unknown = await attempt('ninguem-aqui@teste.local', 'senha-errada');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);

    const time = async (address: string) => {
      const started = performance.now();
      await attempt(address, 'x-errada');
      return performance.now() - started;
    };
    // Medians of alternated tries (within the account's failed sign-ins allowed): one slow try on a
    // busy machine does not decide.
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    await time(other.email);
    const enabled: number[] = [];
    const disabledAccount: number[] = [];
    for (let i = 0; i < 3; i++) {
      enabled.push(await time(other.email));
      disabledAccount.push(await time(email));
    }
    expect(median(disabledAccount)).toBeGreaterThan(median(enabled) * 0.4);
    expect(median(enabled)).toBeGreaterThan(median(disabledAccount) * 0.4);

    // The admin who disabled it is an admin no longer: the active admins are named instead.
    const former = await adminOf('Caio Antigo');
    expect((await disable(other.user.id, former.token)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${former.user.id}`,
      headers: bearer(admin.token),
      payload: { role: 'operator' },
    });
    const asked = (await attempt(other.email, other.password)).json().message as string;
    expect(asked).toContain(admin.user.name);
    expect(asked).not.toContain(former.user.name);
    expect(asked).toMatch(/^Sua conta está desativada\. Peça a .+ para reativá-la\.$/);

    const failures = await ctx.app.inject({
      url: '/api/audit?action=auth.login_failed&limit=10',
      headers: bearer(admin.token),
    });
    expect(failures.json().data.entries.map((e: { detail: object }) => e.detail)).toContainEqual({
      email: other.email,
      reason: 'Conta desativada',
    });
  });

  it('public info hides demo credentials outside demo mode', async () => {
    const response = await ctx.app.inject({ url: '/api/public/info' });
    expect(response.statusCode).toBe(200);
    expect(publicInfoResponseSchema.parse(response.json()).data).toMatchObject({
      demo: false,
      demoCredentials: null,
    });
  });
});

describe('login rate limit', () => {
  it('of 100 wrong passwords, at least 95 get 429; a spoofed X-Forwarded-For does not reset it', async () => {
    const test = await createTestApp('sqlite');
    try {
      const { email } = await createTestUser(test.app);
      let limited = 0;
      for (let i = 0; i < 100; i += 1) {
        const response = await test.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': `10.0.${i}.1` },
          payload: { email, password: `errada-${i}` },
        });
        if (response.statusCode === 429) {
          limited += 1;
          expect(response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        } else {
          expect(response.statusCode).toBe(401);
        }
      }
      expect(limited).toBeGreaterThanOrEqual(95);
    } finally {
      await test.close();
    }
  });

  it('limits per IP across many accounts', async () => {
    const test = await createTestApp('sqlite');
    try {
      let limited = 0;
      for (let i = 0; i < 40; i += 1) {
        const response = await test.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `conta${i}@teste.local`, password: 'errada' },
        });
        if (response.statusCode === 429) limited += 1;
      }
      expect(limited).toBe(20);
    } finally {
      await test.close();
    }
  });

  it('shows the demo credentials in demo mode', async () => {
    const test = await createTestApp('sqlite', { DEMO: 'true' });
    try {
      const response = await test.app.inject({ url: '/api/public/info' });
      expect(response.json().data).toMatchObject({ demo: true, demoCredentials: DEMO_ADMIN });
    } finally {
      await test.close();
    }
  });
});
