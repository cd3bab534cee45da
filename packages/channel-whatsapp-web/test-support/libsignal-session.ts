/**
 * A real libsignal session between two parties, opened and then closed twice (run by
 * signal-console.test.ts in a child process: `node --import tsx libsignal-session.ts wrapped|bare`).
 * With `wrapped`, the package's console guard is held as a running channel holds it. The keys every
 * session held are sent to the parent over IPC (never printed), so the parent can look for them in
 * this process's stdout and stderr.
 */
import { createRequire } from 'node:module';
import { holdSignalConsole } from '../src/signal-console.js';

interface KeyPair {
  pubKey: Buffer;
  privKey: Buffer;
}
interface Session {
  currentRatchet: { rootKey: Buffer; ephemeralKeyPair: KeyPair; lastRemoteEphemeralKey: Buffer };
  chains(): Iterable<[Buffer, { chainKey: { key?: Buffer } }]>;
}
interface SessionRecord {
  getSessions(): Session[];
}
interface Libsignal {
  keyhelper: {
    generateIdentityKeyPair(): KeyPair;
    generateRegistrationId(): number;
    generateSignedPreKey(
      identity: KeyPair,
      keyId: number,
    ): { keyId: number; keyPair: KeyPair; signature: Buffer };
    generatePreKey(keyId: number): { keyId: number; keyPair: KeyPair };
  };
  ProtocolAddress: new (name: string, device: number) => { toString(): string };
  SessionBuilder: new (store: unknown, address: unknown) => { initOutgoing(bundle: unknown): Promise<void> };
  SessionCipher: new (
    store: unknown,
    address: unknown,
  ) => {
    encrypt(data: Buffer): Promise<{ type: number; body: Buffer }>;
    decryptPreKeyWhisperMessage(data: Buffer): Promise<Buffer>;
  };
}

const signal = createRequire(import.meta.url)('libsignal') as Libsignal;
const { keyhelper } = signal;

if (process.argv[2] === 'wrapped') {
  holdSignalConsole({
    info: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 'info', ...obj, msg })}\n`),
    warn: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 'warn', ...obj, msg })}\n`),
    error: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 'error', ...obj, msg })}\n`),
  });
}

/** One party: its identity, prekeys and the sessions it keeps (in memory). */
function party(name: string) {
  const identity = keyhelper.generateIdentityKeyPair();
  const registrationId = keyhelper.generateRegistrationId();
  const preKeys = new Map<number, KeyPair>();
  const signedPreKeys = new Map<number, KeyPair>();
  const sessions = new Map<string, SessionRecord>();
  const store = {
    getOurIdentity: () => identity,
    getOurRegistrationId: () => registrationId,
    isTrustedIdentity: () => true,
    loadPreKey: async (id: number) => preKeys.get(Number(id)),
    removePreKey: (id: number) => preKeys.delete(Number(id)),
    loadSignedPreKey: (id: number) => signedPreKeys.get(Number(id)),
    loadSession: async (id: string) => sessions.get(id),
    storeSession: async (id: string, record: SessionRecord) => {
      sessions.set(id, record);
    },
  };
  let nextKeyId = 1;
  /** A fresh prekey bundle, as a server would hand it to whoever writes to this party. */
  const bundle = () => {
    const keyId = nextKeyId++;
    const signed = keyhelper.generateSignedPreKey(identity, keyId);
    const preKey = keyhelper.generatePreKey(keyId);
    signedPreKeys.set(keyId, signed.keyPair);
    preKeys.set(keyId, preKey.keyPair);
    return {
      identityKey: identity.pubKey,
      registrationId,
      signedPreKey: { keyId, publicKey: signed.keyPair.pubKey, signature: signed.signature },
      preKey: { keyId, publicKey: preKey.keyPair.pubKey },
    };
  };
  return { name, store, sessions, bundle, address: new signal.ProtocolAddress(name, 1) };
}

const alice = party('5511911110000');
const bob = party('5511922220000');
const seen: Session[] = [];

/** Alice starts a session from a new bundle of Bob's and sends one message; Bob opens it. */
async function exchange(text: string) {
  await new signal.SessionBuilder(alice.store, bob.address).initOutgoing(bob.bundle());
  const sent = await new signal.SessionCipher(alice.store, bob.address).encrypt(Buffer.from(text));
  const plain = await new signal.SessionCipher(bob.store, alice.address).decryptPreKeyWhisperMessage(
    Buffer.from(sent.body),
  );
  if (plain.toString() !== text) throw new Error('decrypt mismatch');
  for (const record of [...alice.sessions.values(), ...bob.sessions.values()]) {
    seen.push(...record.getSessions());
  }
}

// Each new bundle closes the open session on both sides ("Closing session:" with the whole session).
await exchange('oi');
await exchange('tudo bem?');
await exchange('até logo');

const keys = new Set<string>();
for (const session of seen) {
  const { rootKey, ephemeralKeyPair } = session.currentRatchet;
  for (const key of [rootKey, ephemeralKeyPair.privKey]) keys.add(key.toString('base64'));
  for (const [, chain] of session.chains())
    if (chain.chainKey.key) keys.add(chain.chainKey.key.toString('base64'));
}
process.send?.({ keys: [...keys] }, () => process.exit(0));
