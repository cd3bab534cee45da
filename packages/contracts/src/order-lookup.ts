import { z } from 'zod';
import { okEnvelope } from './envelope.js';
import { phoneNumberSchema } from './phone.js';
import { maskedSecretSchema } from './settings.js';

/** Placeholders the URL template may use; filled URL-encoded. */
export const ORDER_LOOKUP_URL_PLACEHOLDERS = ['{telefone}', '{pedido}'] as const;
/** Longest wait for the store's answer. */
export const ORDER_LOOKUP_TIMEOUT_MS = 3000;

const headerNameSchema = z
  .string()
  .trim()
  .min(1, 'Nome do cabeçalho obrigatório')
  .max(100)
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'Nome de cabeçalho inválido');
const headerValueSchema = z
  .string()
  .trim()
  .min(1, 'Valor do cabeçalho obrigatório')
  .max(2000)
  .regex(/^[^\r\n]*$/, 'Valor de cabeçalho inválido');

/**
 * The agent's order lookup: a GET to the store's API whose JSON answer fills a reply. The reply
 * template names the answer's fields as `{{caminho.do.campo}}`; those fields are the answer's evidence.
 */
const orderLookupFields = {
  enabled: z.boolean(),
  urlTemplate: z
    .string()
    .trim()
    .max(2000, 'URL muito longa')
    .refine(
      (value) => value === '' || /^https?:\/\//.test(value),
      'A URL deve começar com http:// ou https://',
    )
    .refine(
      (value) =>
        value === '' || URL.canParse(value.replaceAll('{telefone}', '1').replaceAll('{pedido}', '1')),
      'URL inválida',
    ),
  replyTemplate: z.string().trim().max(1000, 'Modelo muito longo'),
};

/** As the admin screen reads it: header values are write-only and come back masked. */
export const orderLookupViewSchema = z.object({
  ...orderLookupFields,
  headers: z.array(z.object({ name: z.string(), value: maskedSecretSchema })),
  updatedAt: z.string().nullable(),
});
export type OrderLookupView = z.infer<typeof orderLookupViewSchema>;

/**
 * The whole configuration is sent each time; a header whose value is the masked object a GET returned
 * keeps its stored value (matched by name).
 */
export const orderLookupInputSchema = z
  .object({
    ...orderLookupFields,
    headers: z
      .array(
        z
          .object({ name: headerNameSchema, value: z.union([headerValueSchema, maskedSecretSchema]) })
          .strict(),
      )
      .max(10, 'No máximo 10 cabeçalhos'),
  })
  .strict()
  .refine((value) => !value.enabled || value.urlTemplate !== '', {
    message: 'Informe a URL da consulta',
    path: ['urlTemplate'],
  })
  .refine((value) => !value.enabled || value.replyTemplate !== '', {
    message: 'Informe o modelo de resposta',
    path: ['replyTemplate'],
  });
export type OrderLookupInput = z.infer<typeof orderLookupInputSchema>;
export const orderLookupResponseSchema = okEnvelope(orderLookupViewSchema);

/** "Testar consulta": runs the saved configuration for a phone and an order number. */
export const orderLookupTestRequestSchema = z
  .object({
    /** The customer's number as typed ("+55 11 97700-1002"): it fills {telefone} as the stored digits. */
    phone: phoneNumberSchema,
    order: z.string().trim().max(40).default(''),
  })
  .strict();
export const orderLookupResultSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('found'),
    reply: z.string(),
    fields: z.array(z.object({ path: z.string(), value: z.string() })),
    durationMs: z.number().int(),
  }),
  z.object({
    outcome: z.enum(['not_found', 'timeout', 'error', 'refused', 'missing_order']),
    reason: z.string(),
    durationMs: z.number().int(),
  }),
]);
export type OrderLookupResult = z.infer<typeof orderLookupResultSchema>;
export const orderLookupTestResponseSchema = okEnvelope(orderLookupResultSchema);
