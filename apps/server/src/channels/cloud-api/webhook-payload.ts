import type { DeliveryStatus, MessageType } from '@atende/contracts';
import { z } from 'zod';
import type { InboundMessage, InboundReaction } from '../channel.js';

/**
 * The parts of a Cloud API webhook we read (Meta adds fields freely: unknown keys are ignored, and a
 * message or status we cannot read is skipped, never a reason to refuse the whole batch).
 */
const mediaSchema = z.object({
  id: z.string().min(1),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
});

const messageSchema = z.object({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: z.string().regex(/^\d+$/).optional(),
  type: z.string(),
  context: z.object({ id: z.string().optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  image: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  voice: mediaSchema.optional(),
  document: mediaSchema.optional(),
  sticker: mediaSchema.optional(),
  video: mediaSchema.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  reaction: z.object({ message_id: z.string().min(1), emoji: z.string().optional() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
      list_reply: z
        .object({ id: z.string(), title: z.string(), description: z.string().optional() })
        .optional(),
    })
    .optional(),
  button: z.object({ text: z.string(), payload: z.string().optional() }).optional(),
});

const statusSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  recipient_id: z.string().optional(),
  errors: z
    .array(
      z.object({
        code: z.number(),
        title: z.string().optional(),
        message: z.string().optional(),
      }),
    )
    .optional(),
});

const valueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string(), display_phone_number: z.string().optional() }).optional(),
  contacts: z
    .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() }))
    .optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});

/** Only the envelope is required whole: a malformed entry or change is skipped, the rest stored. */
export const webhookPayloadSchema = z.object({
  object: z.string(),
  entry: z.array(z.unknown()),
});
const entrySchema = z.object({ id: z.string().optional(), changes: z.array(z.unknown()) });
const changeSchema = z.object({ field: z.string(), value: z.unknown() });
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** A customer's message; media still to be downloaded (GET media id → URL → bytes) before storing. */
export interface MappedMessage {
  inbound: InboundMessage;
  media: { id: string; mimeType: string | undefined; fileName: string | undefined } | null;
}

export interface MappedStatus {
  providerMessageId: string;
  status: Exclude<DeliveryStatus, 'pending'>;
  error: { code: number; title: string | undefined } | null;
}

export interface MappedBatch {
  messages: MappedMessage[];
  reactions: InboundReaction[];
  statuses: MappedStatus[];
  /** Items we could not read (logged, acknowledged: Meta would otherwise retry them for days). */
  skipped: number;
}

// Maps, not object literals: the keys are webhook strings, and `constructor` on `{}` is not a miss.
const STATUSES = new Map<string, Exclude<DeliveryStatus, 'pending'>>([
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  ['read', 'read'],
  // A voice note listened to: as far as our ticks go, read.
  ['played', 'read'],
  ['failed', 'failed'],
]);

const MEDIA = new Map<string, { type: MessageType; label: string }>([
  ['image', { type: 'image', label: 'Imagem' }],
  ['sticker', { type: 'sticker', label: 'Figurinha' }],
  ['audio', { type: 'audio', label: 'Áudio' }],
  ['voice', { type: 'audio', label: 'Mensagem de voz' }],
  ['document', { type: 'document', label: 'Documento' }],
  ['video', { type: 'video', label: 'Vídeo' }],
]);

/** One delivery split by the number each change is for (`metadata.phone_number_id`). */
export interface MappedWebhook {
  byNumber: Map<string, MappedBatch>;
  /** Entries and changes we could not read at all (no number to charge them to). */
  skipped: number;
}

const emptyBatch = (): MappedBatch => ({ messages: [], reactions: [], statuses: [], skipped: 0 });

/**
 * Translates a webhook into our terms: messages, reactions and delivery statuses, in payload order,
 * over every entry and change, grouped by the phone number id each change is for: one app's
 * webhook carries every number of the business account. A change without metadata goes under ''.
 */
export function mapWebhook(payload: WebhookPayload): MappedWebhook {
  const mapped: MappedWebhook = { byNumber: new Map(), skipped: 0 };
  for (const rawEntry of payload.entry) {
    const entry = entrySchema.safeParse(rawEntry);
    if (!entry.success) {
      mapped.skipped++;
      continue;
    }
    for (const rawChange of entry.data.changes) {
      const change = changeSchema.safeParse(rawChange);
      if (!change.success) {
        mapped.skipped++;
        continue;
      }
      if (change.data.field !== 'messages') continue;
      const value = valueSchema.safeParse(change.data.value);
      if (!value.success) {
        mapped.skipped++;
        continue;
      }
      const { metadata, contacts = [], messages = [], statuses = [] } = value.data;
      const number = metadata?.phone_number_id ?? '';
      let batch = mapped.byNumber.get(number);
      if (!batch) {
        batch = emptyBatch();
        mapped.byNumber.set(number, batch);
      }
      const names = new Map(contacts.map((c) => [c.wa_id, c.profile?.name]));
      for (const raw of messages) {
        const message = messageSchema.safeParse(raw);
        if (!message.success) batch.skipped++;
        else mapMessage(message.data, names.get(message.data.from), batch);
      }
      for (const raw of statuses) {
        const parsed = statusSchema.safeParse(raw);
        const status = parsed.success ? STATUSES.get(parsed.data.status) : undefined;
        if (!parsed.success || !status) {
          batch.skipped++;
          continue;
        }
        const error = parsed.data.errors?.[0];
        batch.statuses.push({
          providerMessageId: parsed.data.id,
          status,
          error:
            status === 'failed' && error ? { code: error.code, title: error.title ?? error.message } : null,
        });
      }
    }
  }
  return mapped;
}

function mapMessage(
  message: z.infer<typeof messageSchema>,
  name: string | undefined,
  batch: MappedBatch,
): void {
  const base = {
    providerMessageId: message.id,
    phone: message.from,
    name,
    quotedId: message.context?.id,
    timestamp: message.timestamp ? Number(message.timestamp) * 1000 : undefined,
  };
  const push = (type: MessageType, text: string, media: MappedMessage['media'] = null) =>
    batch.messages.push({ inbound: { ...base, type, text }, media });

  if (message.type === 'reaction' && message.reaction) {
    // An absent or empty emoji removes the customer's reaction.
    batch.reactions.push({
      phone: message.from,
      targetProviderMessageId: message.reaction.message_id,
      emoji: message.reaction.emoji || null,
    });
    return;
  }
  if (message.type === 'text' && message.text) return void push('text', message.text.body);
  const mediaKind = MEDIA.get(message.type);
  const media = mediaKind
    ? message[message.type as 'image' | 'audio' | 'voice' | 'document' | 'sticker' | 'video']
    : undefined;
  if (mediaKind && media) {
    const isVoice = message.type === 'voice' || (message.type === 'audio' && media.voice === true);
    const label = isVoice ? 'Mensagem de voz' : mediaKind.label;
    const fileName = media.filename;
    const text = media.caption || (fileName ? `${label}: ${fileName}` : label);
    push(mediaKind.type, text, { id: media.id, mimeType: media.mime_type, fileName });
    return;
  }
  if (message.type === 'location' && message.location) {
    const { latitude, longitude, name: place, address } = message.location;
    const label = [place, address].filter(Boolean).join(' — ');
    push('location', `${label ? `${label} ` : ''}(${latitude}, ${longitude})`.trim());
    return;
  }
  if (message.type === 'interactive' && message.interactive) {
    const reply = message.interactive.button_reply ?? message.interactive.list_reply;
    if (reply) {
      batch.messages.push({
        inbound: { ...base, type: 'text', text: reply.title, interactiveReplyId: reply.id },
        media: null,
      });
      return;
    }
  }
  // A tap on a template's quick-reply button.
  if (message.type === 'button' && message.button) return void push('text', message.button.text);
  // Contacts, orders, polls…: the operator still sees that the customer wrote, and can open WhatsApp.
  push('text', `Mensagem de um tipo não suportado pelo painel (${message.type})`);
}
