import { formatNumber } from '../../lib/number-format.js';

/**
 * Every activity's pt-BR title and description, for the live code and the demo history alike, so
 * both read the same. Numbers go through the pt-BR formatters.
 */
export interface ActivityText {
  title: string;
  description: string;
}

/** How a customer is named in an activity: their name, else their phone (or id). */
export function customerLabel(customer: { name: string | null; phone: string | null; id: string }): string {
  return customer.name ?? `Cliente ${customer.phone ?? customer.id}`;
}

export const activityTexts = {
  newConversation: (customer: string): ActivityText => ({
    title: 'Nova conversa',
    description: `${customer} iniciou uma conversa pelo WhatsApp`,
  }),
  takenOver: (operator: string, customer: string, reason: string): ActivityText => ({
    title: 'Conversa assumida por humano',
    description: `${operator} assumiu a conversa com ${customer} (${reason})`,
  }),
  handedBack: (operator: string | null, customer: string, reason: string): ActivityText => ({
    title: 'Conversa devolvida à IA',
    description: `${operator ?? 'Sistema'} devolveu a conversa com ${customer} à IA (${reason})`,
  }),
  handedOff: (customer: string, reason: string): ActivityText => ({
    title: 'IA transferiu para humano',
    description: `Conversa com ${customer} aguarda um atendente: ${reason}`,
  }),
  paused: (operator: string | null, customer: string, reason: string): ActivityText => ({
    title: 'IA pausada',
    description: `${operator ?? 'Sistema'} pausou a IA na conversa com ${customer} (${reason})`,
  }),
  conversion: (customer: string): ActivityText => ({
    title: 'Nova conversão',
    description: `${customer} fechou uma compra`,
  }),
  knowledgeGap: (question: string): ActivityText => ({
    title: 'Nova lacuna na base de conhecimento',
    description: `Pergunta sem resposta registrada: "${question}"`,
  }),
  dailyBackup: (): ActivityText => ({
    title: 'Backup diário concluído',
    description: 'Banco de dados copiado com sucesso',
  }),
  dailyReview: (answers: number): ActivityText => ({
    title: 'IA revisou as respostas do dia',
    description: `${formatNumber(answers)} respostas da IA analisadas para melhorar a base de conhecimento`,
  }),
  channelReconnected: (): ActivityText => ({
    title: 'WhatsApp reconectado',
    description: 'A conexão com o WhatsApp caiu e foi restabelecida automaticamente',
  }),
};
