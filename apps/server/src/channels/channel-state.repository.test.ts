import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../test/helpers.js';
import { now, setClock } from '../lib/clock.js';
import { channelStateRepository } from './channel-state.repository.js';

describeEachDatabase('channel state and lease', (kind) => {
  const ctx = useTestApp(kind);
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('persists provider state as JSON, replacing it on save', async () => {
    const repo = channelStateRepository(ctx.app.db, `test:state:${kind}`);
    expect(await repo.load()).toBeNull();
    await repo.save({ paired: true, phone: '5511' });
    await repo.save({ paired: false, phone: null });
    expect(await repo.load()).toEqual({ paired: false, phone: null });
  });

  it('one holder at a time: renewals by the holder, takeover only after expiry', async () => {
    let at = now();
    restore = setClock(() => at);
    const repo = channelStateRepository(ctx.app.db, `test:lease:${kind}`);
    expect(await repo.acquireLease('a', 10_000)).toBe(true);
    expect(await repo.acquireLease('b', 10_000)).toBe(false);
    at += 9_000;
    expect(await repo.acquireLease('a', 10_000)).toBe(true); // renewal
    at += 9_000;
    expect(await repo.acquireLease('b', 10_000)).toBe(false);
    at += 2_000;
    expect(await repo.acquireLease('b', 10_000)).toBe(true); // a stopped renewing
    expect(await repo.acquireLease('a', 10_000)).toBe(false);
    await repo.releaseLease('b');
    expect(await repo.acquireLease('a', 10_000)).toBe(true);
  });
});
