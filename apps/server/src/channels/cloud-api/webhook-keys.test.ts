import { describe, expect, it } from 'vitest';
import { mapWebhook, type WebhookPayload } from './webhook-payload.js';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

const map = (body: WebhookPayload) =>
  mapWebhook(body).byNumber.get('') ?? { messages: [], reactions: [], statuses: [], skipped: 0 };

const payload = (value: Record<string, unknown>): WebhookPayload => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'waba', changes: [{ field: 'messages', value }] }],
});

/** Webhook strings used as lookup keys (status, message type) must not read Object.prototype. */
describe('mapWebhook with built-in property names', () => {
  it('skips a status named like a built-in property instead of mapping it', () => {
    const statuses = NAMES.map((status, i) => ({ id: `wamid.${i}`, status }));
    const batch = map(payload({ statuses }));
    expect(batch.statuses).toEqual([]);
    expect(batch.skipped).toBe(NAMES.length);
  });

  it('reads a message type named like a built-in property as an unsupported message, not as media', () => {
    for (const type of NAMES) {
      const batch = map(payload({ messages: [{ from: '5511999990000', id: `wamid.${type}`, type }] }));
      for (const message of batch.messages) {
        expect(message.media, type).toBeNull();
        expect(['text', 'image', 'audio', 'document', 'location'], type).toContain(message.inbound.type);
        expect(typeof message.inbound.text, type).toBe('string');
      }
    }
  });
});
