import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/**
 * What the audit log records. pt-BR labels for the screen and the CSV live beside the codes, so the
 * server's export and the web's filter read the same words.
 */
export const AUDIT_ACTIONS = {
  'auth.login': 'Entrou',
  'auth.login_failed': 'Falha ao entrar',
  'auth.logout': 'Saiu',
  'user.create': 'Criou usuário',
  'user.update': 'Alterou usuário',
  'user.disable': 'Desativou usuário',
  'user.enable': 'Reativou usuário',
  'user.password': 'Alterou senha',
  'settings.update': 'Alterou configurações',
  'conversation.takeover': 'Assumiu conversa',
  'conversation.handback': 'Devolveu conversa à IA',
  'conversation.handoff': 'IA transferiu conversa',
  'knowledge_base.update': 'Editou base de conhecimento',
  'client.update': 'Editou cliente',
  'client.export': 'Exportou dados do cliente',
  'client.erase': 'Apagou dados do cliente',
  'data.export': 'Exportou relatório',
  'retention.purge': 'Retenção apagou mensagens antigas',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** The pt-BR label of an action code; an unknown code reads as itself. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

export const auditActionSchema = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]);

export const auditEntrySchema = z.object({
  id: idSchema,
  at: isoDateSchema,
  actorId: z.string().nullable(),
  /** Who did it; null for the system (the agent, the retention job). */
  actorName: z.string().nullable(),
  action: auditActionSchema,
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** What changed (field names, counts, reasons) — never secret values. */
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/audit` filters; `from`/`to` are ISO instants, half-open `[from, to)`. */
export const auditQuerySchema = z.object({
  action: auditActionSchema.optional(),
  actorId: idSchema.optional(),
  targetId: idSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditResponseSchema = okEnvelope(auditPageSchema);
