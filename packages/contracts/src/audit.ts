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
  'conversation.assign': 'Atribuiu conversa',
  'conversation.resolve': 'Finalizou conversa',
  'conversation.reopen': 'Reabriu conversa',
  'conversation.archive': 'Arquivou conversa',
  'conversation.unarchive': 'Desarquivou conversa',
  'conversation.delete': 'Excluiu conversa',
  'user.availability': 'Alterou disponibilidade',
  'automation.create': 'Criou regra de automação',
  'automation.update': 'Alterou regra de automação',
  'automation.delete': 'Excluiu regra de automação',
  'macro.create': 'Criou macro',
  'macro.update': 'Alterou macro',
  'macro.delete': 'Excluiu macro',
  'inbox.business_hours': 'Alterou horário de atendimento',
  'knowledge_base.update': 'Editou base de conhecimento',
  'client.update': 'Editou cliente',
  'client.export': 'Exportou dados do cliente',
  'client.erase': 'Apagou dados do cliente',
  'data.export': 'Exportou relatório',
  'retention.purge': 'Retenção apagou mensagens antigas',
  'inbox.create': 'Adicionou caixa de entrada',
  'inbox.update': 'Alterou caixa de entrada',
  'inbox.remove': 'Removeu caixa de entrada',
  'inbox.disconnect': 'Desconectou número',
  'satisfaction.update': 'Alterou pesquisa de satisfação',
  'report.save': 'Salvou relatório',
  'report.delete': 'Excluiu relatório',
  'api_token.create': 'Criou token de API',
  'api_token.use': 'Usou token de API',
  'api_token.revoke': 'Revogou token de API',
  'webhook.create': 'Criou webhook',
  'webhook.update': 'Alterou webhook',
  'webhook.delete': 'Excluiu webhook',
  'webhook.rotate_secret': 'Gerou novo segredo de webhook',
  'webhook.disable': 'Webhook desativado por falhas',
  'order_lookup.update': 'Alterou consulta de pedidos',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** The pt-BR label of an action code; an unknown code reads as itself. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

/** What an entry acted on (`targetType`), in pt-BR; settings entries name their screen (`targetId`). */
const AUDIT_TARGETS: Record<string, string> = {
  client: 'Cliente',
  conversation: 'Conversa',
  user: 'Usuário',
  session: 'Sessão',
  settings: 'Configurações',
  knowledge_base: 'Base de conhecimento',
  analytics: 'Relatório',
  audit_log: 'Auditoria',
  messages: 'Mensagens',
  api_token: 'Token de API',
  webhook: 'Webhook',
  order_lookup: 'Consulta de pedidos',
  inbox: 'Caixa de entrada',
};
const SETTINGS_SCREENS: Record<string, string> = {
  config: 'Agente de IA',
  'access-control': 'Controle de acesso',
  'admin-config': 'Administração',
  'security-config': 'Segurança',
  'whatsapp-cloud': 'WhatsApp Cloud API',
};

/** The pt-BR name of an entry's target; an unknown type reads as itself. */
export function auditTargetLabel(targetType: string, targetId: string | null): string {
  const type = AUDIT_TARGETS[targetType] ?? targetType;
  if (targetType === 'settings' && targetId) return `${type} › ${SETTINGS_SCREENS[targetId] ?? targetId}`;
  return type;
}

/** The fields an entry names (`detail.fields`): clients', users' and the settings screens'. */
const AUDIT_FIELDS: Record<string, string> = {
  name: 'nome',
  email: 'e-mail',
  notes: 'anotações',
  labels: 'etiquetas',
  doNotContact: 'não contatar',
  role: 'perfil',
  disabled: 'situação',
  assistantName: 'nome do assistente',
  aiEnabled: 'IA ativa',
  confidenceThreshold: 'limiar de confiança',
  handoffMessage: 'mensagem de transferência',
  handoffKeywords: 'palavras que chamam uma pessoa',
  historyMessages: 'mensagens de histórico',
  businessHours: 'horário de atendimento',
  outOfHoursMessage: 'mensagem fora do horário',
  readReceipts: 'confirmação de leitura ao cliente',
  typingIndicator: 'indicador “digitando…”',
  operatorsCanTakeover: 'operadores assumem conversas',
  operatorsCanEditKnowledgeBase: 'operadores editam a base',
  operatorsSeeAllConversations: 'operadores veem todas as conversas',
  allowedEmailDomains: 'domínios de e-mail permitidos',
  companyName: 'nome da empresa',
  supportEmail: 'e-mail de suporte',
  timezone: 'fuso horário',
  dataRetentionDays: 'retenção (dias)',
  aiBaseUrl: 'URL do provedor de IA',
  aiModel: 'modelo de IA',
  aiApiKey: 'chave de API da IA',
  webhookUrl: 'URL do webhook',
  webhookSecret: 'segredo do webhook',
  sessionHours: 'duração da sessão',
  rememberDays: 'dias do "lembrar de mim"',
  loginMaxAttempts: 'tentativas de login',
  loginWindowMinutes: 'janela de tentativas',
  passwordMinLength: 'tamanho mínimo da senha',
  phoneNumberId: 'ID do número',
  businessAccountId: 'ID da conta',
  graphUrl: 'URL da Graph API',
  graphVersion: 'versão da Graph API',
  maxPerSecond: 'envios por segundo',
  accessToken: 'token de acesso',
  appSecret: 'segredo do app',
  verifyToken: 'token de verificação',
};

/** The pt-BR name of a field an entry names; an unknown field reads as itself. */
export function auditFieldLabel(field: string): string {
  return AUDIT_FIELDS[field] ?? field;
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
  /**
   * Who or what the target is, read when the log is: a user's or client's name, the client of a
   * conversation. Null for other targets, and once a client's data is erased (the log keeps ids only).
   */
  targetName: z.string().nullable(),
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
