/**
 * Every REST path the web calls, declared once. `apiRoutes` holds each route's pattern as the server
 * registers it (`/api/conversations/:id`); `apiPaths` builds a concrete path from it, each parameter
 * URL-encoded in order (`apiPaths.conversation(id)`). No zod here: the login page imports this.
 */
export const apiRoutes = {
  // Session
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  publicInfo: '/api/public/info',
  docs: '/api/docs',

  // Conversations
  conversations: '/api/conversations',
  conversation: '/api/conversations/:id',
  conversationMessages: '/api/conversations/:id/messages',
  conversationMedia: '/api/conversations/:id/media',
  conversationVoiceNote: '/api/conversations/:id/voice-note',
  conversationTemplate: '/api/conversations/:id/template',
  conversationWindow: '/api/conversations/:id/window',
  conversationAssign: '/api/conversations/:id/assign',
  conversationTakeover: '/api/conversations/:id/takeover',
  conversationHandback: '/api/conversations/:id/handback',
  conversationLabels: '/api/conversations/:id/labels',
  conversationResolve: '/api/conversations/:id/resolve',
  conversationReopen: '/api/conversations/:id/reopen',
  conversationSnooze: '/api/conversations/:id/snooze',
  conversationUnsnooze: '/api/conversations/:id/unsnooze',
  conversationArchive: '/api/conversations/:id/archive',
  conversationUnarchive: '/api/conversations/:id/unarchive',
  conversationRead: '/api/conversations/:id/read',
  conversationTimeline: '/api/conversations/:id/timeline',
  conversationNotes: '/api/conversations/:id/notes',
  conversationsAttention: '/api/conversations/attention',
  conversationsBulk: '/api/conversations/bulk',
  messageReaction: '/api/conversations/:conversationId/messages/:messageId/react',
  media: '/api/media/:id',
  search: '/api/search',

  // Clients
  clients: '/api/clients',
  clientsPage: '/api/clients/page',
  client: '/api/clients/:id',
  clientErase: '/api/clients/:id/erase',
  clientExport: '/api/clients/:id/export',

  // Dashboard and analytics
  dashboardStats: '/api/dashboard/stats',
  dashboardActivity: '/api/dashboard/activity',
  dashboardHealth: '/api/dashboard/health',
  analytics: '/api/analytics',
  analyticsReport: '/api/analytics/report',
  analyticsExport: '/api/analytics/export/:table',
  analyticsService: '/api/analytics/service',
  analyticsCustom: '/api/analytics/custom',
  analyticsCustomExport: '/api/analytics/custom/export',
  savedReports: '/api/analytics/saved-reports',
  savedReport: '/api/analytics/saved-reports/:id',
  inboxSatisfaction: '/api/inboxes/:id/satisfaction',
  conversationSatisfaction: '/api/conversations/:id/satisfaction',
  clientSatisfaction: '/api/clients/:id/satisfaction',

  // Numbers: inboxes, their kinds and the primary one's WhatsApp controls
  inboxes: '/api/inboxes',
  inbox: '/api/inboxes/:id',
  inboxReconnect: '/api/inboxes/:id/reconnect',
  inboxDisconnect: '/api/inboxes/:id/disconnect',
  inboxPairingCode: '/api/inboxes/:id/pairing-code',
  inboxKinds: '/api/inbox-kinds',
  simulatorPair: '/api/simulator/pair',
  whatsappStatus: '/api/whatsapp/status',
  whatsappLogout: '/api/whatsapp/logout',
  whatsappTemplates: '/api/whatsapp/templates',
  reconnectWhatsapp: '/api/reconnect-whatsapp',
  whatsappCloud: '/api/whatsapp-cloud',
  speechToText: '/api/speech-to-text',

  // Integrations
  webhooks: '/api/integrations/webhooks',
  webhook: '/api/integrations/webhooks/:id',
  webhookRotateSecret: '/api/integrations/webhooks/:id/rotate-secret',
  webhookDeliveries: '/api/integrations/webhooks/:id/deliveries',
  webhookDeliveryResend: '/api/integrations/webhooks/:id/deliveries/:deliveryId/resend',
  apiTokens: '/api/integrations/api-tokens',
  apiToken: '/api/integrations/api-tokens/:id',
  orderLookup: '/api/integrations/order-lookup',
  orderLookupTest: '/api/integrations/order-lookup/test',

  // Team, labels, replies, notifications
  users: '/api/users',
  user: '/api/users/:id',
  userPassword: '/api/users/:id/password',
  labels: '/api/labels',
  label: '/api/labels/:id',
  cannedReplies: '/api/canned-replies',
  cannedReply: '/api/canned-replies/:id',
  notifications: '/api/notifications',
  notificationsRead: '/api/notifications/read',
  teamMembers: '/api/team/members',
  audit: '/api/audit',
  auditExport: '/api/audit/export',

  // Profile
  profile: '/api/profile',
  profileAvatar: '/api/profile/avatar',
  profilePassword: '/api/profile/password',
  profileSessions: '/api/profile/sessions',
  profileSession: '/api/profile/sessions/:id',
  profileSessionsRevokeOthers: '/api/profile/sessions/revoke-others',
  profileAvailability: '/api/profile/availability',
  avatar: '/api/avatars/:id',

  // Settings
  agentConfig: '/api/config',
  accessControl: '/api/access-control',
  adminConfig: '/api/admin-config',
  adminConfigTestAi: '/api/admin-config/test-ai',
  securityConfig: '/api/security-config',
  conversationRules: '/api/conversation-rules',

  // Automations: rules (admins), their run log, macros, business hours per inbox
  automations: '/api/automations',
  automation: '/api/automations/:id',
  automationsReorder: '/api/automations/reorder',
  automationsTest: '/api/automations/test',
  conversationAutomationRuns: '/api/conversations/:id/automation-runs',
  macros: '/api/macros',
  macro: '/api/macros/:id',
  macroRun: '/api/macros/:id/run',
  inboxBusinessHours: '/api/inboxes/:id/business-hours',

  // Training
  knowledgeBase: '/api/knowledge-base',
  knowledgeGaps: '/api/knowledge-gaps',
  knowledgeGapResolve: '/api/knowledge-gaps/:id/resolve',
  knowledgeGapDismiss: '/api/knowledge-gaps/:id/dismiss',
} as const;

export type ApiRoute = keyof typeof apiRoutes;

/** A concrete path under /api, as `apiPaths` builds it (the web's transport takes only these). */
export type ApiPath = `/api/${string}`;

/** One string per parameter of a pattern, in order: `'/a/:id/b/:other'` → `[string, string]`. */
type ParamValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamValues<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

export type PathBuilder<P extends string> = (...params: ParamValues<P>) => ApiPath;

const PARAM = /:[A-Za-z]+/g;

function pathBuilder<P extends string>(pattern: P): PathBuilder<P> {
  return (...params: ParamValues<P>) => {
    let next = 0;
    return pattern.replace(PARAM, () => encodeURIComponent((params as string[])[next++] ?? '')) as ApiPath;
  };
}

export const apiPaths = Object.fromEntries(
  Object.entries(apiRoutes).map(([name, pattern]) => [name, pathBuilder(pattern)]),
) as { [K in ApiRoute]: PathBuilder<(typeof apiRoutes)[K]> };
