import { z } from 'zod';
import { userRoleSchema } from './auth.js';
import { availabilityEventSchema } from './availability.js';
import { idSchema, isoDateSchema } from './common.js';
import {
  type Conversation,
  conversationSchema,
  deliveryStatusSchema,
  handlerSchema,
  type Message,
  messageSchema,
  reactionsSchema,
  replyToSchema,
  senderSchema,
  statusErrorSchema,
} from './conversations.js';
import { activitySchema, systemHealthSchema, systemMetricsSchema } from './dashboard.js';
import { inboxStatusEventSchema } from './inboxes.js';
import { REALTIME_OFFSET_PATTERN } from './realtime-replay.js';
import { timelineEntrySchema } from './timeline.js';
import { whatsappStatusSchema } from './whatsapp.js';

// The Socket.IO events, the agent's `conversation:*` and `message:status` among them. Every
// payload is a zod schema here and its TypeScript type is inferred from it: the server validates
// what the browser emits with `clientEventSchemas`, and both sides type the events from them.

/** Payloads of the client → server events. */
export const authenticatePayloadSchema = z.object({ token: z.string().min(1).max(200) });
export const conversationRoomPayloadSchema = z.union([idSchema, z.object({ conversationId: idSchema })]);
export const socketSendMessagePayloadSchema = z.object({
  conversationId: idSchema,
  message: z.string().trim().min(1).max(1000),
  replyTo: idSchema.nullable().optional(),
});
export const takeoverPayloadSchema = z.object({ conversationId: idSchema });
/**
 * A socket back after a reconnection the server could not recover (its instance died): joins the
 * dashboard and asks for the events after the last stream position it saw (see realtime-replay.ts).
 */
export const rejoinDashboardPayloadSchema = z.object({ since: z.string().regex(REALTIME_OFFSET_PATTERN) });

/** The payload schema of each client event that carries one (`join:dashboard` has none). */
export const clientEventSchemas = {
  authenticate: authenticatePayloadSchema,
  'join:conversation': conversationRoomPayloadSchema,
  'leave:conversation': conversationRoomPayloadSchema,
  'send:message': socketSendMessagePayloadSchema,
  'takeover:start': takeoverPayloadSchema,
  'takeover:end': takeoverPayloadSchema,
  'rejoin:dashboard': rejoinDashboardPayloadSchema,
} as const;
export type ClientEventWithPayload = keyof typeof clientEventSchemas;
export type ClientEventPayload<E extends ClientEventWithPayload> = z.input<(typeof clientEventSchemas)[E]>;

export const newMessageEventSchema = z.object({
  conversationId: idSchema,
  clientId: idSchema,
  messageId: idSchema,
  sender: senderSchema,
  message: z.string(),
  timestamp: isoDateSchema,
  replyTo: replyToSchema.nullable(),
});
export type NewMessageEvent = z.infer<typeof newMessageEventSchema>;

/** The payload schema of each server → client event. */
export const serverEventSchemas = {
  authenticated: z.object({ user: z.object({ id: idSchema, name: z.string(), role: userRoleSchema }) }),
  auth_error: z.object({ message: z.string() }),
  'system:health': systemHealthSchema,
  'system:metrics': systemMetricsSchema,
  /**
   * To the dashboards whose figures are limited to some inboxes, instead of `system:metrics` (whose
   * figures are the whole business's): the figures changed, refetch them.
   */
  'metrics:changed': z.object({}),
  'analytics:update': activitySchema,
  'whatsapp:status': whatsappStatusSchema,
  'whatsapp:qr': z.object({ qr: z.string() }),
  'whatsapp:ready': z.object({ phone: z.string().nullable() }),
  'whatsapp:disconnected': z.object({ reason: z.string().nullable() }),
  'inbox:status': inboxStatusEventSchema,
  /** Inboxes were added, renamed, changed or removed: refetch the list. */
  'inboxes:changed': z.object({}),
  'conversations:newMessage': messageSchema,
  newMessage: newMessageEventSchema,
  'conversations:statusUpdate': z.object({ conversationId: idSchema, status: z.string() }),
  'message:reaction': z.object({ conversationId: idSchema, messageId: idSchema, reactions: reactionsSchema }),
  /** A stored message changed: its media arrived or is unavailable, it was edited or deleted. */
  'message:updated': messageSchema,
  'message:status': z.object({
    conversationId: idSchema,
    messageId: idSchema,
    status: deliveryStatusSchema,
    error: statusErrorSchema.nullable().optional(),
  }),
  /** A conversation was created or its summary changed (list rows). */
  'conversation:updated': conversationSchema,
  /** Who is answering changed (takeover, handback, handoff). */
  'conversation:handler': z.object({
    conversationId: idSchema,
    handler: handlerSchema,
    isAiHandled: z.boolean(),
  }),
  /** An admin changed the team's labels or canned replies: filters and the `/` picker refetch them. */
  'labels:changed': z.object({}),
  'canned-replies:changed': z.object({}),
  /** A note or a system line was added to a conversation's transcript (its room). */
  'conversation:timeline': timelineEntrySchema,
  /** A team member's availability changed (dashboards: dots, the assign menu). */
  'user:availability': availabilityEventSchema,
  /** To one person: their tab counts or unread state changed; refetch them. */
  'attention:changed': z.object({}),
  /** To one person: something needs them (assigned, handed to them, mentioned). */
  'notification:new': z.object({
    kind: z.enum(['assigned', 'handoff', 'mention']),
    title: z.string(),
    body: z.string(),
    conversationId: idSchema,
  }),
} as const;
export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEventSchemas)[E]>;

/** Acknowledgement of a client event that asked for one. */
export type Ack<T = undefined> = { success: true; data?: T } | { success: false; message: string };

/** Events the server emits, typed from their schemas. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };

/** Events the browser emits: payloads from `clientEventSchemas`, and what each ack carries. */
export interface ClientToServerEvents {
  authenticate: (payload: ClientEventPayload<'authenticate'>) => void;
  /** The ack, when given, answers once the socket is in the room. */
  'join:dashboard': (ack?: (result: Ack) => void) => void;
  /** Answers once the socket is in the room and has been sent what it missed (`replayed`), if it could. */
  'rejoin:dashboard': (
    payload: ClientEventPayload<'rejoin:dashboard'>,
    ack?: (result: Ack<{ replayed: boolean }>) => void,
  ) => void;
  'join:conversation': (
    payload: ClientEventPayload<'join:conversation'>,
    ack?: (result: Ack) => void,
  ) => void;
  'leave:conversation': (
    payload: ClientEventPayload<'leave:conversation'>,
    ack?: (result: Ack) => void,
  ) => void;
  'send:message': (payload: ClientEventPayload<'send:message'>, ack?: (result: Ack<Message>) => void) => void;
  'takeover:start': (
    payload: ClientEventPayload<'takeover:start'>,
    ack?: (result: Ack<Conversation>) => void,
  ) => void;
  'takeover:end': (
    payload: ClientEventPayload<'takeover:end'>,
    ack?: (result: Ack<Conversation>) => void,
  ) => void;
}

export const ROOMS = {
  dashboard: 'dashboard',
  conversation: (id: string) => `conversation:${id}`,
} as const;
