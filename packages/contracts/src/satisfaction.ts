import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';
import { inboxIdSchema } from './inboxes.js';

/**
 * The customer-satisfaction survey (CSAT) sent after a conversation is resolved: a 1–5 rating and an
 * optional comment. The scale's ids come back as `interactiveReplyId` when the customer taps one.
 */
export const CSAT_SCALE = [
  { rating: 5, id: 'csat:5', title: '5 - Excelente', emoji: '🤩' },
  { rating: 4, id: 'csat:4', title: '4 - Bom', emoji: '🙂' },
  { rating: 3, id: 'csat:3', title: '3 - Regular', emoji: '😐' },
  { rating: 2, id: 'csat:2', title: '2 - Ruim', emoji: '🙁' },
  { rating: 1, id: 'csat:1', title: '1 - Péssimo', emoji: '😡' },
] as const;

/** Ratings from this up count as satisfied (the "% satisfeitos" of CSAT). */
export const CSAT_SATISFIED_FROM = 4;

export const DEFAULT_CSAT_QUESTION = 'Como você avalia o atendimento que recebeu?';
/** Added to the question where the customer types the answer (no buttons to tap). */
export const CSAT_TYPED_HINT = 'Responda com uma nota de 1 (péssimo) a 5 (excelente).';
export const CSAT_THANKS =
  'Obrigado pela avaliação! Se quiser, conte em uma mensagem o que motivou a sua nota.';
export const CSAT_COMMENT_THANKS = 'Obrigado pelo comentário!';

export const CSAT_QUESTION_MAX = 500;
export const CSAT_COMMENT_MAX = 1000;

/** Per inbox: whether its resolved conversations get the survey, and the question asked. */
export const satisfactionSettingsSchema = z.object({
  inboxId: inboxIdSchema,
  enabled: z.boolean(),
  question: z.string(),
  /** The inbox's channel shows the 1–5 choices to tap; otherwise the hint to type goes with the question. */
  tappable: z.boolean(),
});
export type SatisfactionSettings = z.infer<typeof satisfactionSettingsSchema>;
export const satisfactionSettingsResponseSchema = okEnvelope(satisfactionSettingsSchema);

export const updateSatisfactionSettingsSchema = z
  .object({
    enabled: z.boolean(),
    question: z
      .string()
      .trim()
      .min(5, 'Escreva a pergunta (pelo menos 5 caracteres)')
      .max(CSAT_QUESTION_MAX, `Máximo de ${CSAT_QUESTION_MAX} caracteres`),
  })
  .strict();
export type UpdateSatisfactionSettings = z.infer<typeof updateSatisfactionSettingsSchema>;

/**
 * What became of the survey of one resolution. `sent` waits for the rating; `rated` may still get a
 * comment; the `skipped_*` were never sent, each for its reason.
 */
export const SURVEY_STATUS_LABELS = {
  sent: 'Enviada, sem resposta',
  rated: 'Avaliada',
  commented: 'Avaliada com comentário',
  disabled: 'Pesquisa desligada na caixa de entrada',
  reopened: 'Conversa reaberta antes do envio',
  skipped_window: 'Fora da janela de 24 horas',
  skipped_opt_out: 'Cliente pediu para não ser contatado',
  skipped_erased: 'Dados do cliente apagados (LGPD)',
  skipped_repeat: 'Cliente não escreveu desde a última pesquisa',
  skipped_no_channel: 'Caixa de entrada sem canal ativo',
} as const;
export type SurveyStatus = keyof typeof SURVEY_STATUS_LABELS;
export const surveyStatusSchema = z.enum(
  Object.keys(SURVEY_STATUS_LABELS) as [SurveyStatus, ...SurveyStatus[]],
);

/** One resolution's survey, as the chat and the client page show it. */
export const satisfactionSurveySchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  inboxId: inboxIdSchema,
  resolvedAt: isoDateSchema,
  status: surveyStatusSchema,
  sentAt: isoDateSchema.nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  ratedAt: isoDateSchema.nullable(),
  comment: z.string().nullable(),
  /** The person credited with the resolution (null: the AI alone). */
  person: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type SatisfactionSurvey = z.infer<typeof satisfactionSurveySchema>;
/** A conversation's or a client's surveys, newest first. */
export const satisfactionSurveysResponseSchema = okEnvelope(z.array(satisfactionSurveySchema));

/** The label of a rating: 4 → '4 - Bom'. */
export function csatRatingLabel(rating: number): string {
  return CSAT_SCALE.find((step) => step.rating === rating)?.title ?? String(rating);
}
