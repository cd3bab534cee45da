import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { createSecretBox, keyId } from '../../lib/secret-box.js';
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

  it('values are sealed at rest (AES-256-GCM); read back in clear; resealed after a key rotation', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const account = `auth-sealed:${kind}`;
    const before = whatsappAuthStore(ctx.app.db, account, { box: createSecretBox([oldKey]) });
    const creds = '{"noiseKey":{"private":"c2VncmVkby1kYS1jaGF2ZQ=="}}';
    await before.write([{ type: 'creds', id: 'creds', value: creds }]);
    const raw = async () =>
      (
        await ctx.app.db
          .selectFrom('whatsapp_auth' as never)
          .select(['id' as never, 'value' as never])
          .where('account' as never, '=', account as never)
          .execute()
      ).map((row) => (row as { value: string }).value);
    // What a database dump shows: no key material.
    expect((await raw())[0]).toMatch(/^v1:/);
    expect((await raw()).join()).not.toContain('c2VncmVkby1kYS1jaGF2ZQ');
    expect(await before.read('creds', ['creds'])).toEqual(new Map([['creds', creds]]));

    // A value stored before encryption existed, and a rotation: the new key seals all of it.
    await ctx.app.db
      .insertInto('whatsapp_auth' as never)
      .values({ account, type: 'session', id: 'legacy', value: '{"plain":1}', updated_at: 1 } as never)
      .execute();
    const after = whatsappAuthStore(ctx.app.db, account, { box: createSecretBox([newKey, oldKey]) });
    expect(await after.read('session', ['legacy'])).toEqual(new Map([['legacy', '{"plain":1}']]));
    expect(await after.resealAll()).toBe(2);
    expect(await after.resealAll()).toBe(0);
    expect((await raw()).every((value) => value.startsWith(`v1:${keyId(newKey)}:`))).toBe(true);
    expect(await after.read('creds', ['creds'])).toEqual(new Map([['creds', creds]]));
    // The old key alone no longer opens what was resealed.
    await expect(
      whatsappAuthStore(ctx.app.db, account, { box: createSecretBox([oldKey]) }).read('creds', ['creds']),
    ).rejects.toThrow(/unknown key/);
  });
});
