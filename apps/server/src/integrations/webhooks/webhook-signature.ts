import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks: a secret is shown and stored as `whsec_` + base64 of the signing key. */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes (192 bits), as Svix and Standard Webhooks make them. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The key bytes of a `whsec_…` secret. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/** `whsec_` and the last 4 characters: enough to tell two secrets apart on the screen. */
export function secretHint(secret: string): string {
  return `${SECRET_PREFIX}…${secret.slice(-4)}`;
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` + base64 HMAC-SHA256 over
 * `${id}.${timestamp}.${body}` with the secret's key. `timestamp` is in Unix seconds; the body is
 * signed exactly as sent.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secretKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${digest}`;
}
