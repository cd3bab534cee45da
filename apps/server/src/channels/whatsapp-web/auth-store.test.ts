import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { whatsappAuthStore } from './auth-store.js';

describeEachDatabase('whatsapp-web auth state in the database', (kind) => {
  const ctx = useTestApp(kind);

  it('stores opaque values by (type, id), reads back only what exists, clears per account', async () => {
    const store = whatsappAuthStore(ctx.app.db, `auth-rw:${kind}`);
    const other = whatsappAuthStore(ctx.app.db, `auth-other:${kind}`);
    await store.write([
      { type: 'creds', id: 'creds', value: '{"registered":true}' },
      { type: 'session', id: '5511988887777.0', value: 'abc' },
    ]);
    await other.write([{ type: 'session', id: '5511988887777.0', value: 'zzz' }]);
    expect(await store.read('session', ['5511988887777.0', 'missing'])).toEqual(
      new Map([['5511988887777.0', 'abc']]),
    );
    await store.write([{ type: 'session', id: '5511988887777.0', value: null }]);
    expect(await store.read('session', ['5511988887777.0'])).toEqual(new Map());
    await store.clear();
    expect(await store.count()).toBe(0);
    expect(await other.count()).toBe(1);
  });

  it('a batch of key writes is one transaction: a failure leaves none of it', async () => {
    const store = whatsappAuthStore(ctx.app.db, `auth-tx:${kind}`);
    await expect(
      store.write([
        { type: 'session', id: 'a', value: 'x' },
        { type: 'session', id: 'b', value: 'y' },
        // NOT NULL violated on both databases: the whole batch must roll back.
        { type: 'session', id: null as unknown as string, value: 'z' },
      ]),
    ).rejects.toThrow();
    expect(await store.count()).toBe(0);
  });
});
