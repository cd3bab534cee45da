import type { AuthKeyStore } from '@atende/contracts';
import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';

const CREDS = { type: 'creds', id: 'creds' } as const;

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

/** Every signal key type of Baileys 7 (kept in sync with `SignalDataTypeMap`; the test checks it). */
export const SIGNAL_KEY_TYPES: ReadonlyArray<keyof SignalDataTypeMap> = [
  'pre-key',
  'session',
  'sender-key',
  'sender-key-memory',
  'app-state-sync-key',
  'app-state-sync-version',
  'lid-mapping',
  'device-list',
  'tctoken',
  'identity-key',
];

export interface DatabaseAuthState {
  state: AuthenticationState;
  /** Persists the current creds (on every `creds.update`). */
  saveCreds(): Promise<void>;
  /** Forgets the linked device (logged out): the next connection shows a fresh QR. */
  clear(): Promise<void>;
}

/**
 * Baileys' auth state over our database: creds as one entry, each signal key as one entry, values
 * serialised with BufferJSON; every `keys.set` is written in one transaction. The server wraps
 * `state.keys` in `makeCacheableSignalKeyStore`.
 */
export async function useDatabaseAuthState(store: AuthKeyStore): Promise<DatabaseAuthState> {
  const saved = (await store.read(CREDS.type, [CREDS.id])).get(CREDS.id);
  const creds: AuthenticationCreds = saved ? (decode(saved) as AuthenticationCreds) : initAuthCreds();

  const keys: SignalKeyStore = {
    async get(type, ids) {
      const found = await store.read(type, ids);
      const result: { [id: string]: SignalDataTypeMap[typeof type] } = {};
      for (const id of ids) {
        const text = found.get(id);
        if (text === undefined) continue;
        let value = decode(text);
        if (type === 'app-state-sync-key' && value) {
          value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
        }
        result[id] = value as SignalDataTypeMap[typeof type];
      }
      return result;
    },
    async set(data: SignalDataSet) {
      const entries: Array<{ type: string; id: string; value: string | null }> = [];
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) {
          entries.push({ type, id, value: value === null || value === undefined ? null : encode(value) });
        }
      }
      if (entries.length > 0) await store.write(entries);
    },
    async clear() {
      await store.clear();
    },
  };

  return {
    state: { creds, keys },
    saveCreds: () => store.write([{ ...CREDS, value: encode(creds) }]),
    clear: () => store.clear(),
  };
}
