import type { AuthKeyStore } from '@atende/contracts';
import { expect, it } from 'vitest';
import { SIGNAL_KEY_TYPES, useDatabaseAuthState } from './auth-state.js';

/** An AuthKeyStore in memory, transactional like the server's (a write applies whole or not at all). */
function memoryStore(): AuthKeyStore & { count(): number } {
  const rows = new Map<string, string>();
  return {
    async read(type, ids) {
      const found = new Map<string, string>();
      for (const id of ids) {
        const value = rows.get(`${type}/${id}`);
        if (value !== undefined) found.set(id, value);
      }
      return found;
    },
    async write(entries) {
      for (const { type, id, value } of entries) {
        if (value === null) rows.delete(`${type}/${id}`);
        else rows.set(`${type}/${id}`, value);
      }
    },
    async clear() {
      rows.clear();
    },
    count: () => rows.size,
  };
}

it('creds and every signal key type (v7: lid-mapping, device-list, tctoken) survive a restart', async () => {
  const store = memoryStore();
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
  expect(store.count()).toBe(0);
  expect((await useDatabaseAuthState(store)).state.creds.registered).toBe(false);
});
