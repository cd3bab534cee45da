import { SIGNAL_KEY_TYPES, useDatabaseAuthState } from '@atende/channel-whatsapp-web';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { whatsappAuthStore } from './auth-store.js';

describeEachDatabase('whatsapp-web auth state in the database', (kind) => {
  const ctx = useTestApp(kind);

  it('creds and every signal key type (v7: lid-mapping, device-list, tctoken) survive a restart', async () => {
    const store = whatsappAuthStore(ctx.app.db, `auth-test:${kind}`);
    const first = await useDatabaseAuthState(store);
    const identity = first.state.creds.signedIdentityKey.public;
    expect(Buffer.isBuffer(identity) || identity instanceof Uint8Array).toBe(true);
    first.state.creds.registered = true;
    await first.saveCreds();
    const bytes = Buffer.from([1, 2, 3, 250]);
    await first.state.keys.set({
      'pre-key': { '1': { public: bytes, private: bytes } },
      session: { '5511988887777.0': bytes },
      'sender-key': { 'g1::5511988887777::0': bytes },
      'sender-key-memory': { g1: { '5511988887777@s.whatsapp.net': true } },
      'app-state-sync-key': { AAAA: { keyData: bytes, timestamp: 1 } },
      'app-state-sync-version': { regular: { version: 3, hash: bytes, indexValueMap: {} } },
      'lid-mapping': { '5511988887777': '20117000000001', '20117000000001_reverse': '5511988887777' },
      'device-list': { '5511988887777': ['0', '12'] },
      tctoken: { '5511988887777@s.whatsapp.net': { token: bytes, timestamp: '1700000000' } },
      'identity-key': { '5511988887777.0': bytes },
    });
    expect(SIGNAL_KEY_TYPES).toHaveLength(10);

    // A new process reads the same state back.
    const again = await useDatabaseAuthState(store);
    expect(again.state.creds.registered).toBe(true);
    expect(Buffer.from(again.state.creds.signedIdentityKey.public)).toEqual(Buffer.from(identity));
    const session = await again.state.keys.get('session', ['5511988887777.0', 'missing']);
    expect(Buffer.from(session['5511988887777.0'] as Uint8Array)).toEqual(bytes);
    expect(session.missing).toBeUndefined();
    expect(await again.state.keys.get('lid-mapping', ['5511988887777'])).toEqual({
      '5511988887777': '20117000000001',
    });
    expect(await again.state.keys.get('device-list', ['5511988887777'])).toEqual({
      '5511988887777': ['0', '12'],
    });
    const token = await again.state.keys.get('tctoken', ['5511988887777@s.whatsapp.net']);
    expect(Buffer.from(token['5511988887777@s.whatsapp.net']?.token as Buffer)).toEqual(bytes);
    const appKey = (await again.state.keys.get('app-state-sync-key', ['AAAA'])).AAAA;
    // Rebuilt as the protobuf class Baileys expects, not a plain object.
    expect(appKey?.constructor.name).toBe('AppStateSyncKeyData');

    // null deletes; logout clears everything.
    await again.state.keys.set({ session: { '5511988887777.0': null } });
    expect(await again.state.keys.get('session', ['5511988887777.0'])).toEqual({});
    await again.clear();
    expect(await store.count()).toBe(0);
    expect((await useDatabaseAuthState(store)).state.creds.registered).toBe(false);
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
