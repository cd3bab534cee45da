import type {
  AutomationAction,
  AutomationCondition,
  AutomationEvent,
  AutomationRule,
  AutomationRuleInput,
} from '@atende/contracts';

/** What a new condition or action starts with: the first label, person, inbox or reply there is. */
export interface PickerDefaults {
  labelId: string;
  userId: string;
  inboxId: string;
  cannedReplyId: string;
}

export type ConditionType = AutomationCondition['type'];
export type ActionType = AutomationAction['type'];

export interface TypeOption<T extends string> {
  value: T;
  label: string;
}

export const CONDITION_TYPES: ReadonlyArray<TypeOption<ConditionType>> = [
  { value: 'text_contains', label: 'O texto contém' },
  { value: 'text_matches', label: 'O texto segue um padrão' },
  { value: 'label', label: 'Etiqueta da conversa' },
  { value: 'inbox', label: 'Caixa de entrada' },
  { value: 'handler', label: 'Quem está atendendo' },
  { value: 'client_field', label: 'Dado do cliente' },
  { value: 'confidence_below', label: 'Confiança da IA abaixo de' },
  { value: 'business_hours', label: 'Horário de atendimento' },
  { value: 'day_time', label: 'Dia e hora' },
];

export interface ActionGroup {
  label: string;
  types: ReadonlyArray<TypeOption<ActionType>>;
}

export const ACTION_GROUPS: readonly ActionGroup[] = [
  {
    label: 'Responder',
    types: [
      { value: 'send_message', label: 'Enviar mensagem' },
      { value: 'send_canned_reply', label: 'Enviar resposta rápida' },
      { value: 'send_template', label: 'Enviar modelo (Cloud API)' },
      { value: 'send_inbox_message', label: 'Enviar saudação ou ausência da caixa' },
    ],
  },
  {
    label: 'Organizar',
    types: [
      { value: 'add_label', label: 'Adicionar etiqueta' },
      { value: 'remove_label', label: 'Remover etiqueta' },
      { value: 'add_note', label: 'Adicionar nota privada' },
    ],
  },
  {
    label: 'Quem atende',
    types: [
      { value: 'assign_person', label: 'Atribuir a uma pessoa' },
      { value: 'assign_round_robin', label: 'Atribuir em rodízio' },
      { value: 'hand_off', label: 'Transferir para uma pessoa' },
      { value: 'stop_ai', label: 'Parar a IA nesta conversa' },
    ],
  },
  {
    label: 'Conversa',
    types: [
      { value: 'set_priority', label: 'Definir prioridade' },
      { value: 'snooze', label: 'Adiar' },
      { value: 'resolve', label: 'Finalizar' },
    ],
  },
  { label: 'Integrações', types: [{ value: 'call_webhook', label: 'Chamar um webhook' }] },
];

export const ACTION_TYPES: ReadonlyArray<TypeOption<ActionType>> = ACTION_GROUPS.flatMap((g) => g.types);

/** The events in the order an admin thinks of them (messages first, waits last). */
export const EVENT_ORDER: readonly AutomationEvent[] = [
  'message_received',
  'conversation_created',
  'outside_business_hours',
  'handed_off',
  'assigned',
  'resolved',
  'csat_received',
  'no_reply_from_us',
  'no_reply_from_customer',
];

/** The waiting events take "after": minutes for ours, hours for the customer's. */
export function afterUnit(event: AutomationEvent): 'minutos' | 'horas' | null {
  if (event === 'no_reply_from_us') return 'minutos';
  if (event === 'no_reply_from_customer') return 'horas';
  return null;
}

export function newCondition(type: ConditionType, d: PickerDefaults): AutomationCondition {
  switch (type) {
    case 'inbox':
      return { type, inboxIds: d.inboxId ? [d.inboxId] : [] };
    case 'label':
      return { type, labelId: d.labelId, present: true };
    case 'text_contains':
      return { type, words: [] };
    case 'text_matches':
      return { type, pattern: '' };
    case 'client_field':
      return { type, field: 'email', operator: 'empty', value: '' };
    case 'handler':
      return { type, handler: 'ai' };
    case 'confidence_below':
      return { type, threshold: 0.6 };
    case 'business_hours':
      return { type, inside: false };
    case 'day_time':
      return { type, days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' };
  }
}

export function newAction(type: ActionType, d: PickerDefaults): AutomationAction {
  switch (type) {
    case 'assign_person':
      return { type, userId: d.userId };
    case 'assign_round_robin':
      return { type, userIds: [] };
    case 'add_label':
    case 'remove_label':
      return { type, labelId: d.labelId };
    case 'send_message':
      return { type, text: '' };
    case 'send_canned_reply':
      return { type, cannedReplyId: d.cannedReplyId };
    case 'send_template':
      return { type, name: '', language: '', parameters: [] };
    case 'send_inbox_message':
      return { type, message: 'greeting' };
    case 'add_note':
      return { type, text: '' };
    case 'snooze':
      return { type, minutes: 60 };
    case 'set_priority':
      return { type, priority: 'high' };
    case 'resolve':
    case 'stop_ai':
      return { type };
    case 'hand_off':
      return { type, reason: '' };
    case 'call_webhook':
      return { type, url: 'https://' };
  }
}

/** The editor's values: the rule input with every default filled in. */
export interface RuleFormValues {
  name: string;
  enabled: boolean;
  event: AutomationEvent;
  after: number | null;
  conditions: AutomationCondition[];
  actions: AutomationAction[];
}

export function ruleToForm(rule: AutomationRule): RuleFormValues {
  return {
    name: rule.name,
    enabled: rule.enabled,
    event: rule.event,
    after: rule.after,
    conditions: rule.conditions,
    actions: rule.actions,
  };
}

/** What PUT takes to change only the switch. */
export function ruleToInput(
  rule: AutomationRule,
  changes: Partial<RuleFormValues> = {},
): AutomationRuleInput {
  return { ...ruleToForm(rule), ...changes };
}

export function emptyRule(): RuleFormValues {
  return { name: '', enabled: true, event: 'message_received', after: null, conditions: [], actions: [] };
}

/** Moves the item at `from` to `to` (both clamped), returning a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item === undefined) return [...list];
  next.splice(target, 0, item);
  return next;
}
