import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';
import { phoneNumberSchema } from './phone.js';
import { channelKindSchema, whatsappStatusSchema } from './whatsapp.js';

/** An inbox id: `default` for the first one, UUIDs for the rest. */
export const inboxIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Caixa de entrada inválida');

/** One field of a channel kind's settings form, described by the server (the kind owns its fields). */
export const inboxSettingsFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'secret', 'number']),
  required: z.boolean(),
  placeholder: z.string().nullable(),
  help: z.string().nullable(),
});
export type InboxSettingsField = z.infer<typeof inboxSettingsFieldSchema>;

/** A kind of channel an admin can add (simulator, linked device, Cloud API…). */
export const channelKindInfoSchema = z.object({
  kind: channelKindSchema,
  label: z.string(),
  description: z.string(),
  /** False when its optional package was removed from this installation. */
  installed: z.boolean(),
  /** How a number is linked: nothing to do, a QR code, or a QR or an 8-character pairing code. */
  pairing: z.enum(['none', 'qr', 'qr-or-code']),
  fields: z.array(inboxSettingsFieldSchema),
});
export type ChannelKindInfo = z.infer<typeof channelKindInfoSchema>;
export const channelKindsResponseSchema = okEnvelope(z.array(channelKindInfoSchema));

export const operatorAccessSchema = z.enum(['all', 'members']);
export type OperatorAccess = z.infer<typeof operatorAccessSchema>;

/** A settings value as served: secrets are never sent back, only whether one is stored. */
export const inboxSettingValueSchema = z.union([
  z.string(),
  z.number(),
  z.null(),
  z.object({ set: z.boolean() }),
]);

export const inboxSchema = z.object({
  id: inboxIdSchema,
  kind: channelKindSchema,
  name: z.string(),
  phone: z.string().nullable(),
  status: whatsappStatusSchema,
  agentEnabled: z.boolean(),
  operatorAccess: operatorAccessSchema,
  memberIds: z.array(idSchema),
  /** Handed-off conversations go to the available members in turn (round-robin). */
  autoAssign: z.boolean(),
  /** Open conversations one person may hold before automatic assignment skips them. */
  assignCapacity: z.number().int(),
  /** Response-time targets (minutes): the first answer, and the resolution; null: none. */
  sla: z.object({
    firstResponseMinutes: z.number().int().nullable(),
    resolutionMinutes: z.number().int().nullable(),
  }),
  /** Admins only (empty for operators); secrets as `{ set }`. */
  settings: z.record(z.string(), inboxSettingValueSchema),
  /** The first inbox: the `whatsapp:*` events and `/api/whatsapp/status` speak of it. */
  primary: z.boolean(),
  installed: z.boolean(),
  createdAt: isoDateSchema,
  /** Removed inboxes keep their conversations readable; null while active. */
  removedAt: isoDateSchema.nullable(),
});
export type Inbox = z.infer<typeof inboxSchema>;
export const inboxResponseSchema = okEnvelope(inboxSchema);
export const inboxesResponseSchema = okEnvelope(z.array(inboxSchema));

export const inboxListQuerySchema = z.object({
  /** Include removed inboxes (their names still label old conversations). */
  removed: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** Submitted settings: strings and numbers; an empty string leaves a stored secret as it is. */
const submittedSettingsSchema = z.record(
  z.string().max(60),
  z.union([z.string().trim().max(2000), z.number().finite()]),
);

export const ASSIGN_CAPACITY_MAX = 50;
const assignCapacitySchema = z
  .number()
  .int('Informe um número inteiro')
  .min(1, 'No mínimo 1 conversa')
  .max(ASSIGN_CAPACITY_MAX, `No máximo ${ASSIGN_CAPACITY_MAX} conversas`);

const slaMinutes = z
  .number()
  .int('Informe minutos inteiros')
  .min(1, 'No mínimo 1 minuto')
  .max(60 * 24 * 30, 'No máximo 30 dias')
  .nullable();
/** Response-time targets of an inbox, in minutes (null: no target). */
export const slaSchema = z.object({ firstResponseMinutes: slaMinutes, resolutionMinutes: slaMinutes });
export type SlaTargets = z.infer<typeof slaSchema>;

export const createInboxRequestSchema = z.object({
  kind: channelKindSchema,
  name: z.string().trim().min(1, 'Informe um nome').max(60, 'Nome muito longo'),
  settings: submittedSettingsSchema.default({}),
  agentEnabled: z.boolean().default(true),
  operatorAccess: operatorAccessSchema.default('all'),
  memberIds: z.array(idSchema).max(500).default([]),
  autoAssign: z.boolean().default(false),
  assignCapacity: assignCapacitySchema.default(10),
  sla: slaSchema.default({ firstResponseMinutes: null, resolutionMinutes: null }),
});
export type CreateInboxRequest = z.input<typeof createInboxRequestSchema>;

export const updateInboxRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Informe um nome').max(60, 'Nome muito longo'),
    settings: submittedSettingsSchema,
    agentEnabled: z.boolean(),
    operatorAccess: operatorAccessSchema,
    memberIds: z.array(idSchema).max(500),
    autoAssign: z.boolean(),
    assignCapacity: assignCapacitySchema,
    sla: slaSchema,
  })
  .partial();
export type UpdateInboxRequest = z.infer<typeof updateInboxRequestSchema>;

export const inboxParamsSchema = z.object({ id: inboxIdSchema });

/** The number to pair, as typed ("+55 11 97700-1002"); the linked device gets its digits. */
export const pairingCodeRequestSchema = z.object({ phone: phoneNumberSchema });
export const pairingCodeResponseSchema = okEnvelope(z.object({ code: z.string() }));

/** Realtime: one inbox's connection changed (every inbox; `whatsapp:*` keep speaking of the first). */
export const inboxStatusEventSchema = z.object({ inboxId: inboxIdSchema, status: whatsappStatusSchema });
