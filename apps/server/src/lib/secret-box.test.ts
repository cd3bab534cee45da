import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyId, parseKey } from './secret-box.js';

describe('secret box (AES-256-GCM)', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('seals so the plain text is nowhere in what is stored, and opens it back', () => {
    const box = createSecretBox([newKey]);
    const sealed = box.seal('{"noiseKey":"c2VncmVkbw=="}');
    expect(sealed).toMatch(new RegExp(`^v1:${keyId(newKey)}:`));
    expect(sealed).not.toContain('noiseKey');
    expect(box.open(sealed)).toBe('{"noiseKey":"c2VncmVkbw=="}');
    expect(box.seal('x')).not.toBe(box.seal('x')); // a fresh IV each time
  });

  it('a tampered value or another key fails instead of returning garbage', () => {
    const box = createSecretBox([newKey]);
    const sealed = box.seal('segredo');
    const at = sealed.length - 10;
    const tampered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox([oldKey]).open(sealed)).toThrow(/unknown key/);
  });

  it('rotation: the previous key still opens, the current one seals; plain legacy values read as they are', () => {
    const before = createSecretBox([oldKey]).seal('antes');
    const rotated = createSecretBox([newKey, oldKey]);
    expect(rotated.open(before)).toBe('antes');
    expect(rotated.isCurrent(before)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('depois'))).toBe(true);
    expect(rotated.open('{"plain":true}')).toBe('{"plain":true}');
    expect(rotated.isCurrent('{"plain":true}')).toBe(false);
  });

  it('keys are 32 bytes, as hex or base64', () => {
    expect(parseKey(newKey.toString('hex'))).toEqual(newKey);
    expect(parseKey(newKey.toString('base64'))).toEqual(newKey);
    expect(() => parseKey('curta')).toThrow(/32 bytes/);
  });
});
