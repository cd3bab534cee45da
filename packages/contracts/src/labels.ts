import { z } from 'zod';
import { idSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/** Colours a label may take (a fixed palette, so both themes stay readable). */
export const LABEL_COLORS = ['slate', 'red', 'amber', 'emerald', 'sky', 'indigo', 'violet', 'pink'] as const;
export const labelColorSchema = z.enum(LABEL_COLORS);
export type LabelColor = z.infer<typeof labelColorSchema>;

/** A conversation label. Conversations keep label ids in their `tags`. */
export const labelSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: labelColorSchema,
});
export type Label = z.infer<typeof labelSchema>;
export const labelsResponseSchema = okEnvelope(z.array(labelSchema));
export const labelResponseSchema = okEnvelope(labelSchema);

export const labelInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome').max(40, 'Nome muito longo'),
    color: labelColorSchema,
  })
  .strict();
export type LabelInput = z.infer<typeof labelInputSchema>;
export const labelIdParamsSchema = z.object({ id: idSchema });

/** Replaces the labels of a conversation. */
export const setConversationLabelsRequestSchema = z
  .object({ labelIds: z.array(idSchema).max(20, 'No máximo 20 etiquetas') })
  .strict();
export type SetConversationLabelsRequest = z.infer<typeof setConversationLabelsRequestSchema>;
