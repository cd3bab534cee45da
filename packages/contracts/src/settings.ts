import { z } from 'zod';
import { okEnvelope } from './envelope.js';

/**
 * Settings resources (GET returns stored values or these defaults; POST takes a partial body,
 * merges it into the stored values and validates the result). Admin only. Documented field by
 * field in docs/settings.md.
 *
 * Secrets are write-only: the stored schema holds them, the view replaces each with
 * `{ isSet, masked }`, and the input takes a string to set, `null` to clear, or nothing to keep.
 */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horário inválido (HH:mm)');

/** /config — how the AI agent behaves. */
export const agentConfigSchema = z.object({
  assistantName: z.string().trim().min(1).max(60).default('Atende IA'),
  aiEnabled: z.boolean().default(true),
  /** Below this confidence (0–1) the agent hands off instead of answering. */
  confidenceThreshold: z
    .number({ error: 'Informe o limiar de confiança (de 0% a 100%)' })
    .min(0, 'O limiar de confiança vai de 0% a 100%')
    .max(1, 'O limiar de confiança vai de 0% a 100%')
    .default(0.45),
  /** Sent to the customer when a person takes over. */
  handoffMessage: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .default('Vou chamar uma pessoa da nossa equipe para continuar o seu atendimento. Só um instante!'),
  /** Words that make the agent hand off at once. */
  handoffKeywords: z
    .array(z.string().trim().min(2).max(40))
    .max(50)
    .default(['atendente', 'humano', 'pessoa', 'falar com alguém', 'gerente', 'reclamação']),
  /** Conversation history sent to an LLM provider. */
  historyMessages: z.number().int().min(0).max(30).default(6),
  businessHours: z
    .object({ enabled: z.boolean(), start: hhmm, end: hhmm })
    .default({ enabled: false, start: '08:00', end: '18:00' }),
  outOfHoursMessage: z
    .string()
    .trim()
    .max(500)
    .default('Nosso horário de atendimento humano é de segunda a sexta, das 8h às 18h.'),
  /** The customer sees their messages read (blue ticks) once an operator opens the chat or we answer. */
  readReceipts: z.boolean().default(true),
  /** The customer sees "digitando…" while the agent composes its answer. */
  typingIndicator: z.boolean().default(true),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;
export const agentConfigInputSchema = agentConfigSchema.partial().strict();
export const agentConfigResponseSchema = okEnvelope(agentConfigSchema);

/** /access-control — what operators may do. */
export const accessControlSchema = z.object({
  operatorsCanTakeover: z.boolean().default(true),
  operatorsCanEditKnowledgeBase: z.boolean().default(false),
  operatorsSeeAllConversations: z.boolean().default(true),
  allowedEmailDomains: z.array(z.string().trim().min(3).max(120)).max(20).default([]),
});
export type AccessControl = z.infer<typeof accessControlSchema>;
export const accessControlInputSchema = accessControlSchema.partial().strict();
export const accessControlResponseSchema = okEnvelope(accessControlSchema);

/** The longest silence `abandonAfterMinutes` takes: 30 days. */
export const ABANDON_AFTER_MAX_MINUTES = 30 * 24 * 60;

/**
 * How conversations end and come back: who answers a customer who writes again after the end (the AI,
 * or the last person who held it), and after how many minutes without an answer from the customer
 * (after our last message) the server marks a conversation abandoned.
 */
export const conversationRulesSchema = z.object({
  reopenTo: z.enum(['ai', 'last-person']).default('last-person'),
  abandonAfterMinutes: z
    .number()
    .int()
    .min(1)
    .max(ABANDON_AFTER_MAX_MINUTES)
    .default(24 * 60),
});
export type ConversationRules = z.infer<typeof conversationRulesSchema>;
export const conversationRulesInputSchema = conversationRulesSchema.partial().strict();
export const conversationRulesResponseSchema = okEnvelope(conversationRulesSchema);

export const maskedSecretSchema = z.object({ isSet: z.boolean(), masked: z.string().nullable() });
export type MaskedSecret = z.infer<typeof maskedSecretSchema>;
/**
 * A secret in a POST: a string sets it, null clears it, absent keeps it — and so does the masked object
 * a GET returned, so a view posted back unchanged never wipes or rejects a secret.
 */
const secretInput = z.union([z.string().trim().min(1).max(500), z.null(), maskedSecretSchema]).optional();

/** Whether this runtime knows the time zone (an IANA name such as `America/Sao_Paulo`). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** /admin-config — company data, retention and the AI provider (integrations live on Integrações). */
export const adminConfigSchema = z.object({
  companyName: z.string().trim().min(1).max(120).default('Loja Exemplo'),
  supportEmail: z.email().or(z.literal('')).default(''),
  timezone: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine(isTimeZone, 'Fuso horário desconhecido: use um nome como America/Sao_Paulo')
    .default('America/Sao_Paulo'),
  dataRetentionDays: z.number().int().min(7).max(3650).default(365),
  aiBaseUrl: z.url().or(z.literal('')).default(''),
  aiModel: z.string().trim().max(120).default(''),
  aiApiKey: z.string().nullable().default(null),
});
export type AdminConfig = z.infer<typeof adminConfigSchema>;
export const adminConfigViewSchema = adminConfigSchema.extend({
  aiApiKey: maskedSecretSchema,
});
export type AdminConfigView = z.infer<typeof adminConfigViewSchema>;
export const adminConfigInputSchema = adminConfigSchema
  .omit({ aiApiKey: true })
  .partial()
  .extend({ aiApiKey: secretInput })
  .strict();
export const adminConfigResponseSchema = okEnvelope(adminConfigViewSchema);

/** /security-config — sessions and sign-in protection. */
export const securityConfigSchema = z.object({
  sessionHours: z.number().int().min(1).max(72).default(12),
  rememberDays: z.number().int().min(1).max(90).default(30),
  loginMaxAttempts: z.number().int().min(3).max(100).default(5),
  loginWindowMinutes: z.number().int().min(1).max(1440).default(15),
  passwordMinLength: z.number().int().min(8).max(128).default(8),
});
export type SecurityConfig = z.infer<typeof securityConfigSchema>;
export const securityConfigInputSchema = securityConfigSchema.partial().strict();
export const securityConfigResponseSchema = okEnvelope(securityConfigSchema);
