import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/**
 * The top bar's notifications, derived from the current state (a conversation waiting for a person,
 * one assigned to me, WhatsApp disconnected, a webhook turned off after failing — admins only); read
 * marks are kept per user.
 */
export const notificationKindSchema = z.enum([
  'handoff',
  'assigned',
  'whatsapp_disconnected',
  'webhook_disabled',
  'mention',
]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  /** Stable per occurrence: a new handoff of the same conversation is a new notification. */
  id: z.string().max(200),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  at: isoDateSchema,
  read: z.boolean(),
  conversationId: idSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
});
export type Notifications = z.infer<typeof notificationsSchema>;
export const notificationsResponseSchema = okEnvelope(notificationsSchema);

/** Marks some notifications read, or all of them when `ids` is absent. */
export const markNotificationsReadRequestSchema = z
  .object({ ids: z.array(z.string().min(1).max(200)).max(200).optional() })
  .strict();
