import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER_PATTERN = /^sha256=([0-9a-f]{64})$/i;

/**
 * Checks `X-Hub-Signature-256: sha256=<hex>` against HMAC-SHA256(app secret, the raw body bytes),
 * in constant time. The body must be the bytes as received: re-serialised JSON does not match.
 */
export function isValidSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const match = header ? HEADER_PATTERN.exec(header.trim()) : null;
  if (!match?.[1] || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header value Meta would send for a body (fixtures, the documented curl). */
export function signatureOf(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
