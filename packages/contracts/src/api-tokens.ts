import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/**
 * What an API token may do. Each public route names the one scope it needs; a token gets 403 on every
 * other route (the dashboard's own calls included).
 */
export const API_TOKEN_SCOPES = {
  'conversations:read': 'Ler conversas',
  'messages:send': 'Enviar mensagens',
  'clients:manage': 'Gerenciar clientes',
  'analytics:read': 'Ler métricas',
} as const;
export type ApiTokenScope = keyof typeof API_TOKEN_SCOPES;
export const apiTokenScopeSchema = z.enum(
  Object.keys(API_TOKEN_SCOPES) as [ApiTokenScope, ...ApiTokenScope[]],
);
/** Scopes whose every use is written to the audit log. */
export const API_TOKEN_WRITE_SCOPES: readonly ApiTokenScope[] = ['messages:send', 'clients:manage'];

/** The prefix of every API token: tells it from a session token, and lets secret scanners find it. */
export const API_TOKEN_PREFIX = 'atd_';

export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** The prefix and the first characters: enough to recognise it, useless to use it. */
  hint: z.string(),
  createdAt: isoDateSchema,
  createdBy: z.string().nullable(),
  lastUsedAt: isoDateSchema.nullable(),
  revokedAt: isoDateSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createApiTokenRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Dê um nome ao token').max(80, 'Nome muito longo'),
    scopes: z
      .array(apiTokenScopeSchema)
      .min(1, 'Escolha ao menos uma permissão')
      .max(Object.keys(API_TOKEN_SCOPES).length),
  })
  .strict();
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

export const apiTokenParamsSchema = z.object({ id: idSchema });
export const apiTokensResponseSchema = okEnvelope(z.array(apiTokenSchema));
export const apiTokenResponseSchema = okEnvelope(apiTokenSchema);
/** The only answer that carries the token itself: it is shown once and stored only hashed. */
export const createdApiTokenResponseSchema = okEnvelope(
  z.object({ apiToken: apiTokenSchema, token: z.string() }),
);
