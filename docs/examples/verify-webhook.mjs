// Verifies an Atende webhook (Standard Webhooks scheme) with Node's own crypto: no dependency.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

/**
 * secret: the endpoint's secret as Atende showed it ("whsec_…").
 * headers: the request's headers (lower-case names).
 * rawBody: the body exactly as received (a string or Buffer), before any JSON parsing.
 * Answers the parsed event, or throws.
 */
export function verifyWebhook(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) throw new Error('missing webhook headers');

  const sentAt = Number(timestamp);
  if (!Number.isInteger(sentAt) || Math.abs(Date.now() / 1000 - sentAt) > TOLERANCE_SECONDS) {
    throw new Error('timestamp outside the tolerance (replay?)');
  }

  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  // Several "v1,<base64>" may come, space-separated, while a secret is being rotated.
  const valid = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error('invalid signature');
  return JSON.parse(rawBody.toString());
}
