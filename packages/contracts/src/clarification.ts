import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * One choice of a clarifying question: a knowledge-base topic, or a person (`passageId` null). The id
 * is stable and unique to its question, so a channel can send the options as an interactive list and
 * hand back the tapped one's id (`interactiveReplyId` on the inbound message).
 */
export const clarificationOptionSchema = z.object({
  id: z.string().min(1).max(200),
  /** What the customer reads: the passage's title, or "Falar com um atendente". */
  title: z.string(),
  passageId: z.string().nullable(),
  /** How sure the agent was that this topic answers the question (0–1); null for a person. */
  confidence: z.number().min(0).max(1).nullable(),
});
export type ClarificationOption = z.infer<typeof clarificationOptionSchema>;

/** How the customer's reply named an option. */
export const clarificationPickSchema = z.enum(['number', 'words', 'interactive']);
export type ClarificationPick = z.infer<typeof clarificationPickSchema>;

/** How a clarifying question ended; `open` is one with no answer of the agent yet (or a person took over). */
export const clarificationOutcomeSchema = z.enum(['answered', 'person', 'unmatched', 'open']);
export type ClarificationOutcome = z.infer<typeof clarificationOutcomeSchema>;

export const CLARIFICATION_OUTCOME_LABELS: Record<ClarificationOutcome, string> = {
  answered: 'Respondida após a escolha',
  person: 'Cliente pediu atendente',
  unmatched: 'Resposta não reconhecida (atendente)',
  open: 'Sem resposta do cliente',
};

/**
 * What an agent message says about a clarification: the question itself (the options offered for the
 * customer's message `questionMessageId`), or the answer to the customer's reply (`resolution`: which
 * option was picked and how, and what followed).
 */
export const messageClarificationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('question'),
    questionMessageId: idSchema,
    options: z.array(clarificationOptionSchema),
  }),
  z.object({
    kind: z.literal('resolution'),
    clarificationMessageId: idSchema,
    outcome: clarificationOutcomeSchema.exclude(['open']),
    /** The option picked; null when the reply named none. */
    optionId: z.string().nullable(),
    pickedBy: clarificationPickSchema.nullable(),
  }),
]);
export type MessageClarification = z.infer<typeof messageClarificationSchema>;
