import { describe, expect, it } from 'vitest';
import { FAKE_PHONE_NUMBER_ID } from './test-support/fake-graph.js';
import {
  change,
  contact,
  mediaMessage,
  reactionMessage,
  statusUpdate,
  textMessage,
  webhook,
} from './test-support/webhook-fixtures.js';
import { mapWebhook, webhookPayloadSchema } from './webhook-payload.js';

/** The part of a delivery for the fake number (changes without metadata count as it too). */
const map = (body: Record<string, unknown>) => {
  const { byNumber, skipped } = mapWebhook(webhookPayloadSchema.parse(body));
  const batch = byNumber.get(FAKE_PHONE_NUMBER_ID) ??
    byNumber.get('') ?? { messages: [], reactions: [], statuses: [], skipped: 0 };
  return { ...batch, skipped: batch.skipped + skipped };
};
const from = '5511987650001';

describe('Cloud API webhook mapping', () => {
  it('text with the contact name, timestamp and a quoted wamid', () => {
    const message = textMessage(from, 'Oi, tudo bem?', {
      context: { from: '551140001234', id: 'wamid.QUOTED' },
    });
    const batch = map(webhook([change({ contacts: [contact(from, 'Ana')], messages: [message] })]));
    expect(batch.messages).toHaveLength(1);
    expect(batch.messages[0]?.inbound).toMatchObject({
      providerMessageId: message.id,
      phone: from,
      name: 'Ana',
      text: 'Oi, tudo bem?',
      type: 'text',
      quotedId: 'wamid.QUOTED',
    });
    expect(batch.messages[0]?.inbound.timestamp).toBe(Number(message.timestamp) * 1000);
  });

  it('media kinds map to our types, with caption or a label, and keep the media id', () => {
    const batch = map(
      webhook([
        change({
          messages: [
            mediaMessage(from, 'image', {
              id: 'media-1',
              mime_type: 'image/jpeg',
              caption: 'Foto do pedido',
            }),
            mediaMessage(from, 'audio', { id: 'media-2', mime_type: 'audio/ogg', voice: true }),
            mediaMessage(from, 'document', {
              id: 'media-3',
              mime_type: 'application/pdf',
              filename: 'nota.pdf',
            }),
            mediaMessage(from, 'sticker', { id: 'media-4', mime_type: 'image/webp' }),
            mediaMessage(from, 'video', { id: 'media-5', mime_type: 'video/mp4' }),
          ],
        }),
      ]),
    );
    expect(batch.messages.map((m) => [m.inbound.type, m.inbound.text, m.media?.id])).toEqual([
      ['image', 'Foto do pedido', 'media-1'],
      ['audio', 'Mensagem de voz', 'media-2'],
      ['document', 'Documento: nota.pdf', 'media-3'],
      ['sticker', 'Figurinha', 'media-4'],
      ['video', 'Vídeo', 'media-5'],
    ]);
  });

  it('location, interactive button and list replies, template quick replies, unknown types', () => {
    const batch = map(
      webhook([
        change({
          messages: [
            {
              ...textMessage(from, ''),
              type: 'location',
              location: { latitude: -23.55, longitude: -46.63, name: 'Loja Centro', address: 'Rua A, 10' },
            },
            {
              ...textMessage(from, ''),
              type: 'interactive',
              interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim' } },
            },
            {
              ...textMessage(from, ''),
              type: 'interactive',
              interactive: {
                type: 'list_reply',
                list_reply: { id: 'l2', title: 'Trocar produto', description: 'x' },
              },
            },
            { ...textMessage(from, ''), type: 'button', button: { text: 'Quero continuar', payload: 'p' } },
            { ...textMessage(from, ''), type: 'contacts', contacts: [] },
          ],
        }),
      ]),
    );
    expect(batch.messages.map((m) => [m.inbound.type, m.inbound.text])).toEqual([
      ['location', 'Loja Centro — Rua A, 10 (-23.55, -46.63)'],
      ['text', 'Sim'],
      ['text', 'Trocar produto'],
      ['text', 'Quero continuar'],
      ['text', 'Mensagem de um tipo não suportado pelo painel (contacts)'],
    ]);
    // A tap names the option we sent (a clarifying question's choice), beside its title.
    expect(batch.messages.map((m) => m.inbound.interactiveReplyId)).toEqual([
      undefined,
      'b1',
      'l2',
      undefined,
      undefined,
    ]);
  });

  it('a delivery for two numbers is split by phone_number_id; a malformed change is skipped, not fatal', () => {
    const other = (value: Record<string, unknown>) => ({
      ...value,
      value: {
        ...(value.value as Record<string, unknown>),
        metadata: { phone_number_id: '209876543210987' },
      },
    });
    const { byNumber, skipped } = mapWebhook(
      webhookPayloadSchema.parse(
        webhook(
          [
            change({ messages: [textMessage(from, 'para o primeiro')] }),
            other(change({ messages: [textMessage(from, 'para o segundo')] })),
            { value: { messages: [] } },
          ],
          ['não é uma entrada'] as never,
        ),
      ),
    );
    expect(byNumber.get(FAKE_PHONE_NUMBER_ID)?.messages.map((m) => m.inbound.text)).toEqual([
      'para o primeiro',
    ]);
    expect(byNumber.get('209876543210987')?.messages.map((m) => m.inbound.text)).toEqual(['para o segundo']);
    expect(skipped).toBe(2);
  });

  it('reactions: an emoji adds, an absent emoji removes', () => {
    const batch = map(
      webhook([
        change({ messages: [reactionMessage(from, 'wamid.A', '👍'), reactionMessage(from, 'wamid.A')] }),
      ]),
    );
    expect(batch.messages).toHaveLength(0);
    expect(batch.reactions).toEqual([
      { phone: from, targetProviderMessageId: 'wamid.A', emoji: '👍' },
      { phone: from, targetProviderMessageId: 'wamid.A', emoji: null },
    ]);
  });

  it('statuses, with the error of a failed one; unknown statuses are skipped', () => {
    const batch = map(
      webhook([
        change({
          statuses: [
            statusUpdate('wamid.1', 'read', from),
            statusUpdate('wamid.1', 'delivered', from),
            statusUpdate('wamid.2', 'failed', from, [{ code: 131047, title: 'Re-engagement message' }]),
            statusUpdate('wamid.3', 'deleted', from),
          ],
        }),
      ]),
    );
    expect(batch.statuses).toEqual([
      { providerMessageId: 'wamid.1', status: 'read', error: null },
      { providerMessageId: 'wamid.1', status: 'delivered', error: null },
      {
        providerMessageId: 'wamid.2',
        status: 'failed',
        error: { code: 131047, title: 'Re-engagement message' },
      },
    ]);
    expect(batch.skipped).toBe(1);
  });

  it('2 entries × 2 changes, all read; another number of the account is ignored', () => {
    const body = webhook(
      [change({ messages: [textMessage(from, 'e1c1')] }), change({ messages: [textMessage(from, 'e1c2')] })],
      [
        change({ messages: [textMessage(from, 'e2c1')] }),
        change({ statuses: [statusUpdate('wamid.9', 'sent', from)] }),
      ],
    );
    const other = change({ messages: [textMessage(from, 'outro número')] });
    (other.value as { metadata: { phone_number_id: string } }).metadata.phone_number_id = '999999999';
    (body.entry as Array<{ changes: unknown[] }>)[1]?.changes.push(other);
    const batch = map(body);
    expect(batch.messages.map((m) => m.inbound.text)).toEqual(['e1c1', 'e1c2', 'e2c1']);
    expect(batch.statuses).toHaveLength(1);
  });
});
