import type { AutomationRule, CannedReply, Label, Macro, TeamMember } from '@atende/contracts';
import { inbox } from '@/features/inboxes/test-support/inbox-fixtures';

/** Rules, macros and what they point at, as the automation tests' API answers them. */

export const LABELS: Label[] = [
  { id: 'l-fin', name: 'Financeiro', color: 'emerald' },
  { id: 'l-vip', name: 'VIP', color: 'violet' },
];

export function member(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 'u-ana',
    name: 'Ana',
    avatar: null,
    role: 'operator',
    availability: 'online',
    openConversations: 0,
    ...overrides,
  };
}

export const MEMBERS: TeamMember[] = [
  member(),
  member({ id: 'u-bruno', name: 'Bruno', availability: 'away' }),
  member({ id: 'admin-1', name: 'Pessoa', role: 'admin' }),
];

export const CANNED: CannedReply[] = [
  { id: 'c-boleto', shortcut: 'boleto', content: 'Segue o seu boleto, {nome}.', position: 0 },
];

export const INBOXES = [
  inbox({ id: 'i-vendas', name: 'Vendas' }),
  inbox({ id: 'i-suporte', name: 'Suporte', primary: false }),
];

export function rule(overrides: Partial<AutomationRule> = {}): AutomationRule {
  return {
    id: 'r-1',
    name: 'Boleto para o Financeiro',
    enabled: true,
    position: 0,
    event: 'message_received',
    after: null,
    conditions: [{ type: 'text_contains', words: ['boleto'] }],
    actions: [
      { type: 'add_label', labelId: 'l-fin' },
      { type: 'assign_round_robin', userIds: ['u-ana', 'u-bruno'] },
    ],
    builtin: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export const GREETING = rule({
  id: 'r-greeting',
  name: 'Saudação',
  position: 1,
  event: 'conversation_created',
  conditions: [{ type: 'business_hours', inside: true }],
  actions: [{ type: 'send_inbox_message', message: 'greeting' }],
  builtin: 'greeting',
});

export function macro(overrides: Partial<Macro> = {}): Macro {
  return {
    id: 'm-1',
    name: 'Boleto enviado',
    shared: true,
    ownerId: null,
    actions: [
      { type: 'add_label', labelId: 'l-fin' },
      { type: 'send_canned_reply', cannedReplyId: 'c-boleto' },
      { type: 'resolve' },
    ],
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The lists every picker reads. */
export const CATALOG_ROUTES = {
  'GET /labels': LABELS,
  'GET /team/members': MEMBERS,
  'GET /canned-replies': CANNED,
  'GET /inboxes': INBOXES,
};
