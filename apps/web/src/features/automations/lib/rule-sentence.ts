import {
  type AutomationAction,
  type AutomationCondition,
  type AutomationEvent,
  CONVERSATION_PRIORITIES,
} from '@atende/contracts';

/**
 * A rule read aloud: "Quando uma mensagem do cliente for recebida, se o texto contiver “boleto”, então:
 * adicionar etiqueta Financeiro e enviar mensagem “…”". The list, the editor's summary and the macro
 * rows all read rules and actions through here.
 */

/** Names of what rules point at by id; undefined while unknown (loading, or removed since). */
export interface RuleNames {
  label: (id: string) => string | undefined;
  person: (id: string) => string | undefined;
  inbox: (id: string) => string | undefined;
  /** A canned reply's shortcut (without the slash). */
  cannedReply: (id: string) => string | undefined;
}

export const NO_NAMES: RuleNames = {
  label: () => undefined,
  person: () => undefined,
  inbox: () => undefined,
  cannedReply: () => undefined,
};

export interface RuleParts {
  event: AutomationEvent;
  after: number | null;
  conditions: readonly AutomationCondition[];
  actions: readonly AutomationAction[];
}

/** "a", "a e b", "a, b e c". */
export function joinList(items: readonly string[], conjunction = 'e'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

const quote = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}”`;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 90 → "1 h 30 min", 120 → "2 horas", 2880 → "2 dias". */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes)) return '… minutos';
  if (minutes >= 1440 && minutes % 1440 === 0) return plural(minutes / 1440, 'dia', 'dias');
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, 'hora', 'horas');
  if (minutes > 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return plural(minutes, 'minuto', 'minutos');
}

/** The "Quando …" clause of each event. */
export function describeEvent(event: AutomationEvent, after: number | null): string {
  const n = after !== null && Number.isFinite(after) ? after : null;
  switch (event) {
    case 'conversation_created':
      return 'Quando uma conversa for criada';
    case 'message_received':
      return 'Quando uma mensagem do cliente for recebida';
    case 'outside_business_hours':
      return 'Quando uma mensagem chegar fora do horário de atendimento';
    case 'handed_off':
      return 'Quando a conversa for transferida para uma pessoa';
    case 'assigned':
      return 'Quando a conversa for atribuída';
    case 'resolved':
      return 'Quando a conversa for finalizada';
    case 'csat_received':
      return 'Quando o cliente enviar uma avaliação';
    case 'no_reply_from_us':
      // Without a time: when the inbox's first-response target (SLA) is missed.
      return after === null
        ? 'Quando vencer a meta de primeira resposta da caixa sem resposta nossa'
        : `Quando o cliente estiver sem resposta nossa há ${n === null ? 'N minutos' : formatMinutes(n)}`;
    case 'no_reply_from_customer':
      return `Quando o cliente não responder há ${n === null ? 'N horas' : plural(n, 'hora', 'horas')}`;
  }
}

export const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;
export const WEEKDAYS_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** [1,2,3,4,5] → "de segunda a sexta"; [0,6] → "domingo e sábado"; all → "todos os dias". */
export function describeDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'todos os dias';
  const isRun = sorted.length >= 3 && sorted.every((day, i) => i === 0 || day === (sorted[i - 1] ?? 0) + 1);
  if (isRun) return `de ${WEEKDAYS[sorted[0] ?? 0]} a ${WEEKDAYS[sorted.at(-1) ?? 0]}`;
  return joinList(sorted.map((day) => WEEKDAYS[day] ?? '?'));
}

const CLIENT_FIELDS = { name: 'o nome', email: 'o e-mail', phone: 'o telefone', notes: 'as observações' };

/** The "se …" clause of one condition (without "se"). */
export function describeCondition(condition: AutomationCondition, names: RuleNames): string {
  switch (condition.type) {
    case 'inbox': {
      const list = condition.inboxIds.map((id) => names.inbox(id) ?? 'caixa removida');
      return list.length === 0
        ? 'a caixa de entrada for …'
        : `a caixa de entrada for ${joinList(list, 'ou')}`;
    }
    case 'label': {
      const name = names.label(condition.labelId) ?? 'etiqueta removida';
      return condition.present === false
        ? `a conversa não tiver a etiqueta ${name}`
        : `a conversa tiver a etiqueta ${name}`;
    }
    case 'text_contains':
      return condition.words.length === 0
        ? 'o texto contiver …'
        : `o texto contiver ${joinList(
            condition.words.map((w) => quote(w, 30)),
            'ou',
          )}`;
    case 'text_matches':
      return `o texto seguir o padrão ${quote(condition.pattern || '…', 40)}`;
    case 'client_field': {
      const field = `${CLIENT_FIELDS[condition.field]} do cliente`;
      if (condition.operator === 'empty') return `${field} estiver vazio`;
      if (condition.operator === 'not_empty') return `${field} estiver preenchido`;
      return `${field} contiver ${quote(condition.value ?? '…', 30)}`;
    }
    case 'handler':
      return condition.handler === 'ai'
        ? 'a IA estiver atendendo'
        : condition.handler === 'person'
          ? 'uma pessoa estiver atendendo'
          : 'a conversa estiver esperando uma pessoa';
    case 'confidence_below':
      return `a confiança da IA for menor que ${Number.isFinite(condition.threshold) ? Math.round(condition.threshold * 100) : '…'}%`;
    case 'business_hours':
      return condition.inside ? 'for horário de atendimento' : 'for fora do horário de atendimento';
    case 'day_time':
      return `for ${describeDays(condition.days)}, das ${condition.from} às ${condition.to}`;
  }
}

/** One action, as an infinitive clause ("adicionar etiqueta Financeiro"). */
export function describeAction(action: AutomationAction, names: RuleNames): string {
  switch (action.type) {
    case 'assign_person':
      return `atribuir a ${names.person(action.userId) ?? 'pessoa removida'}`;
    case 'assign_round_robin': {
      const people = action.userIds.map((id) => names.person(id) ?? 'pessoa removida');
      return people.length === 0 ? 'atribuir em rodízio' : `atribuir em rodízio entre ${joinList(people)}`;
    }
    case 'add_label':
      return `adicionar etiqueta ${names.label(action.labelId) ?? 'removida'}`;
    case 'remove_label':
      return `remover etiqueta ${names.label(action.labelId) ?? 'removida'}`;
    case 'send_message':
      return `enviar mensagem ${quote(action.text || '…')}`;
    case 'send_canned_reply': {
      const shortcut = names.cannedReply(action.cannedReplyId);
      return shortcut ? `enviar a resposta rápida /${shortcut}` : 'enviar uma resposta rápida removida';
    }
    case 'send_inbox_message':
      return action.message === 'greeting'
        ? 'enviar a saudação da caixa de entrada'
        : 'enviar a mensagem de ausência da caixa de entrada';
    case 'send_template':
      return action.name ? `enviar o modelo ${action.name}` : 'enviar um modelo';
    case 'add_note':
      return `adicionar nota privada ${quote(action.text || '…')}`;
    case 'snooze':
      return `adiar por ${formatMinutes(action.minutes)}`;
    case 'set_priority':
      return action.priority
        ? `definir a prioridade ${CONVERSATION_PRIORITIES[action.priority].toLowerCase()}`
        : 'tirar a prioridade';
    case 'resolve':
      return 'finalizar a conversa';
    case 'stop_ai':
      return 'parar a IA nesta conversa';
    case 'hand_off':
      return action.reason
        ? `transferir para uma pessoa (motivo: ${quote(action.reason, 40)})`
        : 'transferir para uma pessoa';
    case 'call_webhook':
      return `chamar o webhook ${action.url || '…'}`;
  }
}

/** The actions of a macro or a rule, in order: "adicionar etiqueta X, enviar … e finalizar a conversa". */
export function describeActions(actions: readonly AutomationAction[], names: RuleNames): string {
  return joinList(actions.map((action) => describeAction(action, names)));
}

/** The sentence's full stop, unless it already ends with a quote that has its own (“… minutos.”). */
export function finalStop(sentence: string): string {
  return /[.!?…]”$/.test(sentence) ? '' : '.';
}

export interface RuleSentence {
  when: string;
  /** Each condition's clause; all of them must hold. */
  conditions: string[];
  actions: string[];
}

export function describeRule(rule: RuleParts, names: RuleNames): RuleSentence {
  return {
    when: describeEvent(rule.event, rule.after),
    conditions: rule.conditions.map((condition) => describeCondition(condition, names)),
    actions: rule.actions.map((action) => describeAction(action, names)),
  };
}

/** The whole rule as one pt-BR sentence. */
export function ruleSentence(rule: RuleParts, names: RuleNames): string {
  const { when, conditions, actions } = describeRule(rule, names);
  const condition = conditions.length > 0 ? `, se ${joinList(conditions)}` : '';
  const then = actions.length > 0 ? joinList(actions) : 'nada (inclua uma ação)';
  return `${when}${condition}, então: ${then}${finalStop(then)}`;
}
