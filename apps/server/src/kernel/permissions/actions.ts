import type { AccessControl } from '@atende/contracts';
import type { AuthUser } from '../../types.js';

/** The facts an action's rule may need: the access-control settings, and the conversation acted on. */
export interface PermissionFacts {
  policy?: Pick<AccessControl, 'operatorsCanTakeover' | 'operatorsCanEditKnowledgeBase'>;
  conversation?: { handlerMode: 'ai' | 'human' | 'paused' | string };
}

/** What an operator may do; an admin may do everything. */
type OperatorRule = boolean | ((facts: Required<PermissionFacts>) => boolean);

interface ActionRule {
  operators: OperatorRule;
  /** Which facts the rule reads (the caller loads them). */
  needs?: ReadonlyArray<keyof PermissionFacts>;
  /** The refusal (403), in pt-BR. */
  denied?: string;
}

const ADMINS_ONLY = 'Acesso restrito a administradores';
export const TAKEOVER_FORBIDDEN = 'Operadores não podem assumir conversas atendidas pela IA';

/** Writing in a conversation the AI holds takes it over, so both follow the same rule. */
const takeOver: ActionRule = {
  operators: ({ policy, conversation }) => policy.operatorsCanTakeover || conversation.handlerMode !== 'ai',
  needs: ['policy', 'conversation'],
  denied: TAKEOVER_FORBIDDEN,
};

/**
 * Every action a person may be refused, and who may do it: the one place that says who may do what
 * (seeing a conversation is conversations/visibility's rule list). Routes declare theirs with
 * `app.allow(action)` or `config.action`; socket events in their context's table.
 */
export const ACTIONS = {
  'settings:manage': { operators: false },
  'team:manage': { operators: false },
  'audit:read': { operators: false },
  'inboxes:manage': { operators: false },
  'whatsapp:manage': { operators: false },
  'simulator:play': { operators: false },
  'integrations:manage': { operators: false },
  'labels:manage': { operators: false },
  /** The team's saved reports: everyone runs them, admins save, change and delete them. */
  'reports:manage': { operators: false },
  'canned-replies:manage': { operators: false },
  'knowledge-gaps:resolve': { operators: false },
  /** Automation rules, shared macros and each inbox's business hours. */
  'automations:manage': { operators: false },
  'knowledge-base:edit': {
    operators: ({ policy }) => policy.operatorsCanEditKnowledgeBase,
    needs: ['policy'],
    denied: 'Sem permissão para editar a base de conhecimento',
  },
  'clients:export': { operators: false },
  'clients:erase': { operators: false },
  'conversations:assign': { operators: false },
  /** For good, with everything in it (archiving keeps it). */
  'conversations:delete': { operators: false },
  /** Beyond the visibility rules (colleagues' held conversations, members-only inboxes). */
  'conversations:see-all': { operators: false },
  'conversation:takeover': takeOver,
  'conversation:reply': takeOver,
} satisfies Record<string, ActionRule>;

export type Action = keyof typeof ACTIONS;

const rules: Record<Action, ActionRule> = ACTIONS;

/** The facts `action` needs loaded before `can` decides it. */
export function factsNeeded(action: Action): ReadonlyArray<keyof PermissionFacts> {
  return rules[action].needs ?? [];
}

export function deniedMessage(action: Action): string {
  return rules[action].denied ?? ADMINS_ONLY;
}

/** Whether `user` may do `action`, given the facts its rule needs (missing facts refuse). */
export function can(user: Pick<AuthUser, 'role'>, action: Action, facts: PermissionFacts = {}): boolean {
  if (user.role === 'admin') return true;
  const { operators } = rules[action];
  if (typeof operators === 'boolean') return operators;
  if (!facts.policy || (factsNeeded(action).includes('conversation') && !facts.conversation)) return false;
  return operators({ policy: facts.policy, conversation: facts.conversation ?? { handlerMode: '' } });
}
