import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';
import { maskedSecretSchema } from './settings.js';

/**
 * /whatsapp-cloud — the Meta app behind every Cloud API number: its secret (webhook signatures), the
 * webhook's verify token and the Graph API's address. Each number (its id, token and throughput) is an
 * inbox, on Integrações. Each field, when set, overrides its environment variable (`WHATSAPP_*`).
 */
export const whatsappCloudConfigSchema = z.object({
  /** Graph API base URL (Meta's by default). */
  graphUrl: z.url().or(z.literal('')).default(''),
  graphVersion: z
    .string()
    .trim()
    .regex(/^(v\d+\.\d+)?$/, 'Use o formato v23.0')
    .default(''),
  appSecret: z.string().nullable().default(null),
  verifyToken: z.string().nullable().default(null),
});
export type WhatsappCloudConfig = z.infer<typeof whatsappCloudConfigSchema>;
export const WHATSAPP_CLOUD_SECRETS = ['appSecret', 'verifyToken'] as const;

export const whatsappCloudConfigViewSchema = whatsappCloudConfigSchema.extend({
  appSecret: maskedSecretSchema,
  verifyToken: maskedSecretSchema,
});
export type WhatsappCloudConfigView = z.infer<typeof whatsappCloudConfigViewSchema>;

/**
 * A secret in a POST: a string sets it, null clears it, absent keeps it — and so does the masked
 * object a GET returned, so a view posted back unchanged never wipes a secret.
 */
const keptSecretInput = z
  .union([z.string().trim().min(1).max(1000), z.null(), maskedSecretSchema])
  .optional();

export const whatsappCloudConfigInputSchema = whatsappCloudConfigSchema
  .omit({ appSecret: true, verifyToken: true })
  .partial()
  .extend({ appSecret: keptSecretInput, verifyToken: keptSecretInput })
  .strict();
export type WhatsappCloudConfigInput = z.infer<typeof whatsappCloudConfigInputSchema>;
export const whatsappCloudConfigResponseSchema = okEnvelope(whatsappCloudConfigViewSchema);

/** The customer-service window: free-form messages only within 24 h of the customer's last message. */
export const serviceWindowSchema = z.object({
  /** false on channels without the rule (simulator, linked device): always open. */
  applies: z.boolean(),
  open: z.boolean(),
  /** When the open window closes; null when closed or when the customer never wrote. */
  closesAt: isoDateSchema.nullable(),
  lastClientMessageAt: isoDateSchema.nullable(),
});
export type ServiceWindow = z.infer<typeof serviceWindowSchema>;
export const serviceWindowResponseSchema = okEnvelope(serviceWindowSchema);

/** One approved message template, with the parameters its body expects ({{1}}, {{2}}, …). */
export const messageTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** The body text with its placeholders. */
  body: z.string(),
  /** How many body parameters it takes. */
  parameterCount: z.number().int().min(0),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** A template's text with its `{{n}}` placeholders filled in (as the customer reads it). */
export function renderTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (match, n: string) => parameters[Number(n) - 1] ?? match);
}
export const messageTemplatesResponseSchema = okEnvelope(z.array(messageTemplateSchema));
/** Whose templates: an inbox's (the first inbox that has templates when absent). */
export const templatesQuerySchema = z.object({
  inboxId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Caixa de entrada inválida')
    .optional(),
});

export const sendTemplateRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(512),
    language: z.string().trim().min(2).max(15),
    parameters: z.array(z.string().trim().min(1).max(1024)).max(20).default([]),
  })
  .strict();
export type SendTemplateRequest = z.infer<typeof sendTemplateRequestSchema>;
