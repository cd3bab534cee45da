import { z } from 'zod';
import { messageClarificationSchema } from './clarification.js';
import { idSchema, isoDateSchema } from './common.js';
import { LIMITS } from './constants.js';
import { okEnvelope } from './envelope.js';
import { CAPTION_MAX_CHARS } from './media.js';
import { conversationPrioritySchema } from './priority.js';
import { transcriptStatusSchema } from './speech-to-text.js';

export const senderSchema = z.enum(['client', 'agent', 'admin']);
export type Sender = z.infer<typeof senderSchema>;

/** Who reacted: the customer, or our side (any operator or the AI). */
export const reactionSenderSchema = z.enum(['client', 'agent']);
export type ReactionSender = z.infer<typeof reactionSenderSchema>;

export const messageTypeSchema = z.enum([
  'text',
  'image',
  'audio',
  'document',
  'location',
  'video',
  'sticker',
]);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** Map from emoji to `{ senders: [{ sender }] }`. */
export const reactionsSchema = z.record(
  z.string(),
  z.object({ senders: z.array(z.object({ sender: reactionSenderSchema })) }),
);
export type Reactions = z.infer<typeof reactionsSchema>;

/**
 * One emoji as WhatsApp sends it: a single RGI emoji (skin tones, ZWJ sequences, flags, keycaps) or a
 * lone pictograph. Reactions are keyed by it, so anything else (`constructor`, `__proto__`, text) is
 * refused. Browsers without the `v` flag get an equivalent pattern built from `u` properties.
 */
export function singleEmojiPattern(setsFlag = true): RegExp {
  if (setsFlag) {
    try {
      return /^(?:\p{RGI_Emoji}|\p{Extended_Pictographic}\uFE0F?)$/v;
    } catch {
      // No `v` flag in this engine: the `u` pattern below.
    }
  }
  const unit = String.raw`\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?`;
  return new RegExp(
    String.raw`^(?:\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|${unit}(?:\u200D${unit})*[\u{E0020}-\u{E007E}]*\u{E007F}?)$`,
    'u',
  );
}
export const EMOJI_MAX_LENGTH = 32;
export const emojiSchema = z
  .string()
  .max(EMOJI_MAX_LENGTH, 'Emoji inválido')
  .regex(singleEmojiPattern(), 'Emoji inválido');

export const replyToSchema = z.object({ id: idSchema, content: z.string(), sender: senderSchema });
export type ReplyTo = z.infer<typeof replyToSchema>;

export const deliveryStatusSchema = z.enum(['pending', 'sent', 'delivered', 'read', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** Why the provider failed a message: its error code and a pt-BR explanation for the operator. */
export const statusErrorSchema = z.object({ code: z.string(), explanation: z.string() });
export type StatusError = z.infer<typeof statusErrorSchema>;

/** A knowledge-base passage the agent used for an answer. */
export const evidenceSchema = z.object({
  passageId: z.string(),
  title: z.string(),
  excerpt: z.string(),
  score: z.number().min(0).max(1),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const messageSchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  sender: senderSchema,
  content: z.string(),
  type: messageTypeSchema,
  timestamp: isoDateSchema,
  aiGenerated: z.boolean(),
  confidenceScore: z.number().min(0).max(1).nullable(),
  mediaUrl: z.string().nullable(),
  mediaMimeType: z.string().nullable(),
  /** The file's name and size in bytes, when it is stored with us (a document's card shows them). */
  mediaFileName: z.string().nullable().optional(),
  mediaSize: z.number().int().nonnegative().nullable().optional(),
  replyTo: replyToSchema.nullable(),
  reactions: reactionsSchema,
  status: deliveryStatusSchema,
  /** Set when status is 'failed' and the provider said why. */
  statusError: statusErrorSchema.nullable().optional(),
  /** Name of the operator who wrote it (human messages from our side). */
  authorName: z.string().nullable(),
  evidence: z.array(evidenceSchema),
  /** The agent asked which topic the customer meant, or answered that choice. */
  clarification: messageClarificationSchema.nullable().optional(),
  /**
   * Media announced by the message but not here yet: 'pending' while it downloads, 'unavailable' when
   * it could not be (too large, expired, refused); null when there is none or it arrived.
   */
  mediaStatus: z.enum(['pending', 'unavailable']).nullable().optional(),
  /** A voice note's words as the speech-to-text provider heard them (shown under the audio). */
  transcript: z.string().nullable().optional(),
  transcriptStatus: transcriptStatusSchema.nullable().optional(),
  /** When its author last edited it (the content is the new text). */
  editedAt: isoDateSchema.nullable().optional(),
  /** When its author deleted it for everyone (the content is then empty; the original is kept for the audit). */
  deletedAt: isoDateSchema.nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const KNOWN_CONVERSATION_STATUSES = ['active', 'completed', 'paused', 'abandoned'] as const;
/** Stored statuses; the web shows anything unknown as inactive. */
export const conversationStatusSchema = z.enum(KNOWN_CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

const CONVERSATION_STATUS_LABELS: Record<ConversationStatus | 'finished', string> = {
  active: 'Ativa',
  completed: 'Finalizada',
  finished: 'Finalizada',
  paused: 'Pausada',
  abandoned: 'Abandonada',
};

/** A stored status in pt-BR; anything unknown (or a built-in property name) reads 'Inativo'. */
export function conversationStatusLabel(status: string): string {
  return Object.hasOwn(CONVERSATION_STATUS_LABELS, status)
    ? CONVERSATION_STATUS_LABELS[status as ConversationStatus]
    : 'Inativo';
}

/** Who is answering a conversation right now. */
export const handlerModeSchema = z.enum(['ai', 'waiting_human', 'human', 'paused']);
export type HandlerMode = z.infer<typeof handlerModeSchema>;

export const handlerSchema = z.object({
  mode: handlerModeSchema,
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  since: isoDateSchema,
  reason: z.string().nullable(),
});
export type Handler = z.infer<typeof handlerSchema>;

export const conversationSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  startedAt: isoDateSchema,
  /** Kept as a string: unknown values must survive and show as inactive. */
  status: z.string(),
  lastMessage: z.string().nullable(),
  lastMessageTime: isoDateSchema.nullable(),
  messageCount: z.number().int().nonnegative(),
  /** Seconds; null until the agent side has answered once. */
  averageResponseTime: z.number().nonnegative().nullable(),
  sentimentScore: z.number().min(-1).max(1).nullable(),
  isAiHandled: z.boolean(),
  tags: z.array(z.string()),
  handler: handlerSchema,
  /** Client name and phone, denormalised for the list. */
  clientName: z.string().nullable(),
  clientPhone: z.string().nullable(),
  /** The inbox (connected number) it came through. */
  inboxId: z.string(),
  /** Archived: kept, shown only under the archive filter. */
  archivedAt: isoDateSchema.nullable().optional(),
  /** Snoozed (`paused`) until then; null while paused until the customer writes. */
  snoozedUntil: isoDateSchema.nullable().optional(),
  /** Set by a rule or a macro; null (or absent) when none is. */
  priority: conversationPrioritySchema.nullable().optional(),
  /**
   * The nearest response-time target (the inbox's SLA) while it applies: the first answer while the
   * customer waits for it, else the resolution; `warning` in its last fifth, `breached` once missed.
   */
  sla: z
    .object({
      kind: z.enum(['first_response', 'resolution']),
      dueAt: isoDateSchema,
      state: z.enum(['ok', 'warning', 'breached']),
    })
    .nullable()
    .optional(),
  /** List rows: customer messages the viewer has not seen (0 when none, or nobody need see them). */
  unreadCount: z.number().int().nonnegative().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationDetailSchema = conversationSchema.extend({
  /** The newest messages in chronological order; older ones via the messages call. */
  messages: z.array(messageSchema),
  hasMoreMessages: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const conversationStatusFilterSchema = z.enum([
  'all',
  'active',
  'finished',
  'completed',
  'paused',
  'abandoned',
  /** Only archived ones; every other filter leaves them out. */
  'archived',
]);
export type ConversationStatusFilter = z.infer<typeof conversationStatusFilterSchema>;

const csv = z
  .string()
  .max(500)
  .transform((s) =>
    s
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );

export const listConversationsQuerySchema = z.object({
  status: conversationStatusFilterSchema.default('all'),
  search: z.string().trim().max(200).optional(),
  tags: csv.optional(),
  clientId: idSchema.optional(),
  inboxId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Caixa de entrada inválida')
    .optional(),
  handler: handlerModeSchema.optional(),
  /** Who holds it: `me`, `none` (nobody: the AI, waiting, paused) or `all`. */
  assignee: z.enum(['me', 'none', 'all']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Opaque cursor returned as `page.nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type ListConversationsQuery = z.input<typeof listConversationsQuerySchema>;

export const pageInfoSchema = z.object({ nextCursor: z.string().nullable(), total: z.number().int() });
export const listConversationsResponseSchema = okEnvelope(z.array(conversationSchema)).extend({
  page: pageInfoSchema,
});
export type ListConversationsResponse = z.infer<typeof listConversationsResponseSchema>;

export const conversationParamsSchema = z.object({ id: idSchema });
export const messageParamsSchema = z.object({ conversationId: idSchema, messageId: idSchema });

export const conversationDetailQuerySchema = z.object({
  messagesLimit: z.coerce.number().int().min(1).max(500).default(50),
});
export const conversationDetailResponseSchema = okEnvelope(conversationDetailSchema);

/** Older messages: `before` is a message id; answers the page before it, oldest first. */
export const listMessagesQuerySchema = z.object({
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const listMessagesResponseSchema = okEnvelope(
  z.object({ messages: z.array(messageSchema), hasMore: z.boolean() }),
);

/** Message send payload. `replyTo` is the quoted message id. */
export const sendMessageRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Mensagem vazia')
    .max(LIMITS.composerMaxChars, 'A mensagem pode ter até 4.096 caracteres'),
  type: messageTypeSchema.default('text'),
  replyTo: idSchema.nullable().optional(),
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/**
 * An operator sends a file (`POST /api/conversations/:id/media`): the body is the file's bytes (its
 * type in Content-Type), these fields in the query string.
 */
export const sendMediaQuerySchema = z.object({
  /** As the customer sees it (a document's name); "arquivo" when absent. */
  fileName: z
    .string()
    .trim()
    .min(1, 'Informe o nome do arquivo')
    .max(200, 'Nome de arquivo muito longo')
    .optional(),
  caption: z.string().trim().max(CAPTION_MAX_CHARS, 'A legenda pode ter até 1.024 caracteres').optional(),
  replyTo: idSchema.optional(),
});
export type SendMediaQuery = z.infer<typeof sendMediaQuerySchema>;
export const sendMessageResponseSchema = okEnvelope(messageSchema);

export const reactRequestSchema = z.object({
  emoji: emojiSchema.nullable(),
});
export type ReactRequest = z.infer<typeof reactRequestSchema>;

export const takeoverResponseSchema = okEnvelope(conversationSchema);

export const clientSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  totalMessages: z.number().int().nonnegative(),
  lastContact: isoDateSchema.nullable(),
});
export type Client = z.infer<typeof clientSchema>;

/** GET /clients: a map keyed by client id. */
export const clientsResponseSchema = okEnvelope(z.record(z.string(), clientSchema));
export const clientsQuerySchema = z.object({ ids: csv.optional() });
