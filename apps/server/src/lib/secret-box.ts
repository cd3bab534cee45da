import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Sealed values start with this: anything else is a value stored before encryption (read as is). */
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** A short, non-secret name of a key, stored beside what it sealed (which key opens it). */
export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * AES-256-GCM over strings: `v1:<key id>:<base64url(iv · tag · ciphertext)>`. Seals with the first key;
 * opens with whichever key sealed it (the others are previous keys, kept while rotating). A value
 * without the prefix was stored before encryption: `open` returns it unchanged and `isCurrent` says it
 * needs sealing.
 */
export function createSecretBox(keys: readonly Buffer[]) {
  if (keys.length === 0) throw new SecretBoxError('no key');
  for (const key of keys) if (key.length !== 32) throw new SecretBoxError('a key must be 32 bytes');
  const current = keys[0] as Buffer;
  const currentId = keyId(current);
  const byId = new Map(keys.map((key) => [keyId(key), key]));

  return {
    seal(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${currentId}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },

    open(stored: string): string {
      if (!stored.startsWith(PREFIX)) return stored;
      const [id, body] = stored.slice(PREFIX.length).split(':');
      const key = id ? byId.get(id) : undefined;
      if (!key || !body) throw new SecretBoxError(`sealed with an unknown key (${id ?? '?'})`);
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },

    /** Sealed with the current key (nothing to redo). */
    isCurrent(stored: string): boolean {
      return stored.startsWith(`${PREFIX}${currentId}:`);
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** A key from its text form: 64 hex characters or base64 of 32 bytes. */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new SecretBoxError('a key must be 32 bytes (64 hex characters or base64)');
  return key;
}
