import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import type {
  Conversation,
  DeliveryStatus,
  Handler,
  Message,
  Reactions,
  ReplyTo,
  Sender,
} from './conversations.js';
import {
  conversationSchema,
  deliveryStatusSchema,
  handlerSchema,
  messageSchema,
  reactionsSchema,
  replyToSchema,
  senderSchema,
} from './conversations.js';
import type { Activity, SystemHealth, SystemMetrics } from './dashboard.js';
import { activitySchema, systemHealthSchema, systemMetricsSchema } from './dashboard.js';
import type { WhatsappStatus } from './whatsapp.js';

/** Payloads of the client → server events (validated by the server). */
export const authenticatePayloadSchema = z.object({ token: z.string().min(1).max(200) });
export const conversationRoomPayloadSchema = z.union([idSchema, z.object({ conversationId: idSchema })]);
export const socketSendMessagePayloadSchema = z.object({
  conversationId: idSchema,
  message: z.string().trim().min(1).max(1000),
  replyTo: idSchema.nullable().optional(),
});
export const takeoverPayloadSchema = z.object({ conversationId: idSchema });

export const newMessageEventSchema = z.object({
  conversationId: idSchema,
  clientId: idSchema,
  messageId: idSchema,
  sender: senderSchema,
  message: z.string(),
  timestamp: isoDateSchema,
  replyTo: replyToSchema.nullable(),
});
export type NewMessageEvent = {
  conversationId: string;
  clientId: string;
  messageId: string;
  sender: Sender;
  message: string;
  timestamp: string;
  replyTo: ReplyTo | null;
};

export const statusUpdateEventSchema = z.object({ conversationId: idSchema, status: z.string() });
export const reactionEventSchema = z.object({
  conversationId: idSchema,
  messageId: idSchema,
  reactions: reactionsSchema,
});
export const handlerEventSchema = z.object({
  conversationId: idSchema,
  handler: handlerSchema,
  isAiHandled: z.boolean(),
});
export const messageStatusEventSchema = z.object({
  conversationId: idSchema,
  messageId: idSchema,
  status: deliveryStatusSchema,
});

/** Acknowledgement of a client event that asked for one. */
export type Ack<T = undefined> = { success: true; data?: T } | { success: false; message: string };

/** Events the server emits. Spec §7 plus the agent's (`conversation:*`, `message:status`). */
export interface ServerToClientEvents {
  authenticated: (payload: { user: { id: string; name: string; role: 'admin' | 'operator' } }) => void;
  auth_error: (payload: { message: string }) => void;
  'system:health': (payload: SystemHealth) => void;
  'system:metrics': (payload: SystemMetrics) => void;
  'analytics:update': (payload: Activity) => void;
  'whatsapp:status': (payload: WhatsappStatus) => void;
  'whatsapp:qr': (payload: { qr: string }) => void;
  'whatsapp:ready': (payload: { phone: string | null }) => void;
  'whatsapp:disconnected': (payload: { reason: string | null }) => void;
  'conversations:newMessage': (payload: Message) => void;
  newMessage: (payload: NewMessageEvent) => void;
  'conversations:statusUpdate': (payload: { conversationId: string; status: string }) => void;
  'message:reaction': (payload: { conversationId: string; messageId: string; reactions: Reactions }) => void;
  'message:status': (payload: { conversationId: string; messageId: string; status: DeliveryStatus }) => void;
  /** A conversation was created or its summary changed (list rows). */
  'conversation:updated': (payload: Conversation) => void;
  /** Who is answering changed (takeover, handback, handoff). */
  'conversation:handler': (payload: {
    conversationId: string;
    handler: Handler;
    isAiHandled: boolean;
  }) => void;
}

/** Events the browser emits. */
export interface ClientToServerEvents {
  authenticate: (payload: { token: string }) => void;
  /** The ack, when given, answers once the socket is in the room. */
  'join:dashboard': (ack?: (result: Ack) => void) => void;
  'join:conversation': (conversationId: string) => void;
  'leave:conversation': (conversationId: string) => void;
  'send:message': (
    payload: { conversationId: string; message: string; replyTo?: string | null },
    ack?: (result: Ack<Message>) => void,
  ) => void;
  'takeover:start': (payload: { conversationId: string }, ack?: (result: Ack<Conversation>) => void) => void;
  'takeover:end': (payload: { conversationId: string }, ack?: (result: Ack<Conversation>) => void) => void;
}

/** Zod schemas of the server events, for clients that parse what they receive. */
export const serverEventSchemas = {
  'system:health': systemHealthSchema,
  'system:metrics': systemMetricsSchema,
  'analytics:update': activitySchema,
  'conversations:newMessage': messageSchema,
  newMessage: newMessageEventSchema,
  'conversations:statusUpdate': statusUpdateEventSchema,
  'message:reaction': reactionEventSchema,
  'message:status': messageStatusEventSchema,
  'conversation:updated': conversationSchema,
  'conversation:handler': handlerEventSchema,
} as const;

export const ROOMS = {
  dashboard: 'dashboard',
  conversation: (id: string) => `conversation:${id}`,
} as const;
