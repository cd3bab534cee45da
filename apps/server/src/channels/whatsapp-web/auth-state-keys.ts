import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppConfig } from '../../config.js';
import { createSecretBox, parseKey, type SecretBox } from '../../lib/secret-box.js';

/**
 * The box that seals linked devices' auth state: AUTH_STATE_KEY (and AUTH_STATE_PREVIOUS_KEYS while
 * rotating), or a key generated once into AUTH_STATE_KEY_FILE, readable only by the service's user.
 * Instances on several hosts must share AUTH_STATE_KEY (a generated file is per host).
 */
export function authStateBox(config: AppConfig['authState']): SecretBox {
  const current = config.key ? parseKey(config.key) : fileKey(config.keyFile);
  return createSecretBox([current, ...config.previousKeys.map(parseKey)]);
}

function fileKey(path: string): Buffer {
  try {
    return parseKey(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  const key = randomBytes(32);
  // `wx`: never overwrite a key another process wrote meanwhile (that one wins; read it back).
  try {
    writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseKey(readFileSync(path, 'utf8'));
  }
}
