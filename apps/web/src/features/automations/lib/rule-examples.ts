import type { Label } from '@atende/contracts';
import type { PickerDefaults, RuleFormValues } from './rule-items';

export interface RuleExample {
  id: string;
  title: string;
  /** What it does, in one line. */
  summary: string;
  build: (defaults: PickerDefaults, labels: readonly Label[]) => RuleFormValues;
}

/** A label whose name starts like `prefix` (accents ignored), else the first one. */
function labelLike(labels: readonly Label[], prefix: string, fallback: string): string {
  const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return labels.find((label) => plain(label.name).startsWith(prefix))?.id ?? fallback;
}

/** Starting points the empty list offers: each opens the editor filled in, to adjust and save. */
export const RULE_EXAMPLES: readonly RuleExample[] = [
  {
    id: 'boleto',
    title: 'Pedidos de boleto para o Financeiro',
    summary: 'Etiqueta Financeiro, avisa o cliente e atribui em rodízio.',
    build: (d, labels) => ({
      name: 'Boleto para o Financeiro',
      enabled: true,
      event: 'message_received',
      after: null,
      conditions: [{ type: 'text_contains', words: ['boleto', 'segunda via'] }],
      actions: [
        { type: 'add_label', labelId: labelLike(labels, 'financ', d.labelId) },
        {
          type: 'send_message',
          text: 'Olá, {primeiro_nome}! Seu pedido de boleto foi para o Financeiro. Em instantes alguém responde por aqui.',
        },
        // After the message: once a person holds the conversation, a rule no longer writes in it.
        { type: 'assign_round_robin', userIds: d.userId ? [d.userId] : [] },
      ],
    }),
  },
  {
    id: 'low-confidence',
    title: 'IA insegura chama uma pessoa',
    summary: 'Se a confiança da IA cair abaixo de 50%, uma pessoa assume.',
    build: () => ({
      name: 'IA insegura chama uma pessoa',
      enabled: true,
      event: 'message_received',
      after: null,
      conditions: [
        { type: 'handler', handler: 'ai' },
        { type: 'confidence_below', threshold: 0.5 },
      ],
      actions: [{ type: 'hand_off', reason: 'Confiança baixa da IA' }],
    }),
  },
  {
    id: 'waiting',
    title: 'Cliente esperando há 15 minutos',
    summary: 'Deixa uma nota e passa a conversa para o rodízio da equipe.',
    build: (d) => ({
      name: 'Cliente esperando',
      enabled: true,
      event: 'no_reply_from_us',
      after: 15,
      conditions: [],
      actions: [
        { type: 'add_note', text: 'Cliente sem resposta há 15 minutos.' },
        { type: 'assign_round_robin', userIds: d.userId ? [d.userId] : [] },
      ],
    }),
  },
  {
    id: 'idle',
    title: 'Encerrar conversas paradas',
    summary: 'Depois de 24 horas sem resposta do cliente, despede-se e finaliza.',
    build: () => ({
      name: 'Encerrar conversas paradas',
      enabled: true,
      event: 'no_reply_from_customer',
      after: 24,
      conditions: [],
      actions: [
        {
          type: 'send_message',
          text: 'Como não tivemos retorno, vamos encerrar este atendimento. É só escrever se precisar!',
        },
        { type: 'resolve' },
      ],
    }),
  },
];
