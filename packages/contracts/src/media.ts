import { z } from 'zod';
import { idSchema } from './common.js';

/** `GET /api/media/:id`: a stored file, served with its detected type. */
export const mediaParamsSchema = z.object({ id: idSchema });

/** A stored file as the server describes it (the bytes are at `url`, authenticated). */
export const storedMediaSchema = z.object({
  id: idSchema,
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  fileName: z.string().nullable(),
  url: z.string(),
});
export type StoredMediaInfo = z.infer<typeof storedMediaSchema>;
