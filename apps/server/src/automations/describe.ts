import { type AutomationAction, type AutomationCondition, CONVERSATION_PRIORITIES } from '@atende/contracts';

/** The names a description needs (labels, people, inboxes, canned replies), by id. */
export interface Names {
  labels: ReadonlyMap<string, string>;
  people: ReadonlyMap<string, string>;
  inboxes: ReadonlyMap<string, string>;
  cannedReplies: ReadonlyMap<string, string>;
}

const name = (map: ReadonlyMap<string, string>, id: string) => map.get(id) ?? id;
const DAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** A condition as the rule test shows it ("o texto contém boleto ou pix"). */
export function describeCondition(condition: AutomationCondition, names: Names): string {
  switch (condition.type) {
    case 'inbox':
      return `caixa de entrada é ${condition.inboxIds.map((id) => name(names.inboxes, id)).join(' ou ')}`;
    case 'label':
      return `${condition.present ? 'tem' : 'não tem'} a etiqueta ${name(names.labels, condition.labelId)}`;
    case 'text_contains':
      return `o texto contém ${condition.words.join(' ou ')}`;
    case 'text_matches':
      return `o texto corresponde a ${condition.pattern}`;
    case 'client_field': {
      const field = { name: 'nome', email: 'e-mail', phone: 'telefone', notes: 'observações' }[
        condition.field
      ];
      if (condition.operator === 'empty') return `o ${field} do cliente está vazio`;
      if (condition.operator === 'not_empty') return `o ${field} do cliente está preenchido`;
      return `o ${field} do cliente contém ${condition.value}`;
    }
    case 'handler':
      return { ai: 'a IA atende', person: 'uma pessoa atende', waiting: 'aguarda um atendente' }[
        condition.handler
      ];
    case 'confidence_below':
      return `a confiança da IA está abaixo de ${Math.round(condition.threshold * 100)}%`;
    case 'business_hours':
      return condition.inside ? 'dentro do horário de atendimento' : 'fora do horário de atendimento';
    case 'day_time':
      return `${condition.days.map((d) => DAYS[d]).join(', ')} das ${condition.from} às ${condition.to}`;
  }
}

/** An action as the rule test shows it ("adicionar a etiqueta Financeiro"). */
export function describeAction(action: AutomationAction, names: Names): string {
  switch (action.type) {
    case 'assign_person':
      return `atribuir a ${name(names.people, action.userId)}`;
    case 'assign_round_robin':
      return `atribuir em rodízio a ${action.userIds.map((id) => name(names.people, id)).join(', ')}`;
    case 'add_label':
      return `adicionar a etiqueta ${name(names.labels, action.labelId)}`;
    case 'remove_label':
      return `remover a etiqueta ${name(names.labels, action.labelId)}`;
    case 'send_message':
      return `enviar a mensagem "${action.text}"`;
    case 'send_canned_reply':
      return `enviar a resposta rápida ${name(names.cannedReplies, action.cannedReplyId)}`;
    case 'send_inbox_message':
      return action.message === 'greeting'
        ? 'enviar a saudação da caixa de entrada'
        : 'enviar a mensagem de fora do horário da caixa de entrada';
    case 'send_template':
      return `enviar o modelo ${action.name} (${action.language})`;
    case 'add_note':
      return `adicionar a nota privada "${action.text}"`;
    case 'snooze':
      return `adiar por ${action.minutes} min`;
    case 'set_priority':
      return action.priority
        ? `definir a prioridade ${CONVERSATION_PRIORITIES[action.priority]}`
        : 'tirar a prioridade';
    case 'resolve':
      return 'finalizar a conversa';
    case 'stop_ai':
      return 'parar a IA nesta conversa';
    case 'hand_off':
      return `transferir para um atendente (${action.reason})`;
    case 'call_webhook':
      return `chamar o webhook ${action.url}`;
  }
}
