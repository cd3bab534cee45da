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
import { setClock } from '../../lib/clock.js';
import { REMEMBER_IDLE_MS, TOUCH_INTERVAL_MS } from './sessions.repository.js';

// The auth and realtime plugins check tokens through the sessions app.ts hands them: this drives both
// through the real app, with the clock moved instead of waiting.
describeEachDatabase('sessions behind the auth plugin', (kind) => {
  const ctx = useTestApp(kind);
  let restoreClock: (() => void) | null = null;
  afterEach(() => {
    restoreClock?.();
    restoreClock = null;
  });

  it('a request stamps its session at most once a minute; a remembered session idle a week is refused on REST and socket', async () => {
    const base = await listen(ctx.app);
    const start = Date.now();
    let instant = start;
    restoreClock = setClock(() => instant);
    const { user, email, password } = await createTestUser(ctx.app, { role: 'operator' });
    const { token } = await login(ctx.app, email, password, true);
    const lastSeen = async () =>
      (
        await ctx.app.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(await lastSeen()).toBe(start);

    instant = start + TOUCH_INTERVAL_MS - 1000;
    expect((await me()).statusCode).toBe(200);
    expect(await lastSeen()).toBe(start);

    instant = start + TOUCH_INTERVAL_MS + 1000;
    expect((await me()).statusCode).toBe(200);
    expect(await lastSeen()).toBe(instant);
    const live = await connectSocket(base, { token });
    live.disconnect();

    instant += REMEMBER_IDLE_MS + 1000;
    expect((await me()).statusCode).toBe(401);
    const idle = await connectSocket(base, { token, expect: 'auth_error' });
    idle.disconnect();
  });
});
