import { z } from 'zod';

/** A conversation's priority, set by a rule or a macro; none until one sets it. */
export const CONVERSATION_PRIORITIES = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
  urgent: 'Urgente',
} as const;
export type ConversationPriority = keyof typeof CONVERSATION_PRIORITIES;
export const conversationPrioritySchema = z.enum(
  Object.keys(CONVERSATION_PRIORITIES) as [ConversationPriority, ...ConversationPriority[]],
);
