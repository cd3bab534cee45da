import { z } from 'zod';

/** Identifiers are opaque strings (UUIDs on the server). */
export const idSchema = z
  .string()
  .trim()
  .min(1, 'Identificador obrigatório')
  .max(64, 'Identificador inválido');

/** ISO-8601 timestamps travel as strings. */
export const isoDateSchema = z.iso.datetime({ offset: true });

/** Page query shared by list endpoints. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
