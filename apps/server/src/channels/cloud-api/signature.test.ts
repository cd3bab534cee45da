import { describe, expect, it } from 'vitest';
import { isValidSignature, signatureOf } from './signature.js';

const secret = 'segredo-do-app';
const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[]}]}');

describe('X-Hub-Signature-256', () => {
  it('accepts the HMAC of the exact bytes', () => {
    expect(isValidSignature(secret, raw, signatureOf(secret, raw))).toBe(true);
  });

  it('refuses the same JSON re-serialised (other bytes, same meaning)', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 2));
    expect(isValidSignature(secret, reserialised, signatureOf(secret, raw))).toBe(false);
  });

  it('refuses a tampered body, a wrong secret, a missing or malformed header', () => {
    const tampered = Buffer.from(raw.toString().replace('"1"', '"2"'));
    expect(isValidSignature(secret, tampered, signatureOf(secret, raw))).toBe(false);
    expect(isValidSignature(secret, raw, signatureOf('outro-segredo', raw))).toBe(false);
    expect(isValidSignature(secret, raw, undefined)).toBe(false);
    expect(isValidSignature(secret, raw, signatureOf(secret, raw).replace('sha256=', 'sha1='))).toBe(false);
    expect(isValidSignature(secret, raw, 'sha256=abc')).toBe(false);
    expect(isValidSignature('', raw, signatureOf('', raw))).toBe(false);
  });
});
