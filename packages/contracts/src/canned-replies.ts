import { z } from 'zod';
import { idSchema } from './common.js';
import { LIMITS } from './constants.js';
import { okEnvelope } from './envelope.js';

/**
 * Shared quick replies. `{nome}` (the client's name) and `{atendente}` (the operator's) are filled
 * in when a reply is inserted into the composer.
 */
export const cannedReplySchema = z.object({
  id: idSchema,
  shortcut: z.string(),
  content: z.string(),
  position: z.number().int(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedRepliesResponseSchema = okEnvelope(z.array(cannedReplySchema));
export const cannedReplyResponseSchema = okEnvelope(cannedReplySchema);

export const cannedReplyInputSchema = z
  .object({
    shortcut: z
      .string()
      .trim()
      .min(2, 'O atalho deve ter pelo menos 2 caracteres')
      .max(30, 'Atalho muito longo')
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use letras minúsculas, números e hífen'),
    content: z.string().trim().min(1, 'Informe o texto').max(LIMITS.composerMaxChars, 'Texto muito longo'),
  })
  .strict();
export type CannedReplyInput = z.infer<typeof cannedReplyInputSchema>;
export const cannedReplyIdParamsSchema = z.object({ id: idSchema });

/** The four quick replies every new database starts with. */
export const DEFAULT_CANNED_REPLIES: ReadonlyArray<CannedReplyInput> = [
  { shortcut: 'ola', content: 'Olá, {nome}! Sou {atendente}. Como posso ajudar você hoje?' },
  { shortcut: 'obrigado', content: 'Obrigado pelo contato, {nome}!' },
  { shortcut: 'verificar', content: 'Vou verificar isso para você. Só um instante.' },
  { shortcut: 'algo-mais', content: 'Posso ajudar em algo mais?' },
];

/** Fills `{nome}` and `{atendente}`; a missing value leaves a neutral word. */
export function fillCannedReply(
  content: string,
  values: { nome?: string | null; atendente?: string | null },
) {
  return content
    .replaceAll('{nome}', values.nome?.trim() || 'cliente')
    .replaceAll('{atendente}', values.atendente?.trim() || 'a equipe');
}
