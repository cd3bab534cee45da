import { mediaParamsSchema } from '@atende/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { guardMedia } from '../visibility/route-access.js';
import type { MediaStore } from './media-store.js';
import { isInlineType } from './media-type.js';

/**
 * `GET /api/media/:id` for a signed-in user who may see the conversation it was sent in (the
 * visibility guard: otherwise the same 404 as for a missing file). The type is the one detected when
 * the file was stored;
 * `nosniff` and a sandboxing CSP keep a browser from running anything in it; only images, audio and
 * video are shown inline, everything else downloads.
 */
export function mediaRoutes(store: MediaStore): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/media/:id',
      { onRequest: app.authenticate, ...guardMedia('params.id'), schema: { params: mediaParamsSchema } },
      async (request, reply) => {
        const media = await store.open(request.params.id);
        if (!media) throw new AppError('NOT_FOUND', 'Arquivo não encontrado');
        const etag = `"${media.sha256}"`;
        reply
          .header('content-type', media.mimeType)
          .header('content-length', media.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header(
            'content-disposition',
            contentDisposition(media.fileName ?? undefined, {
              type: isInlineType(media.mimeType) ? 'inline' : 'attachment',
            }),
          )
          .header('cache-control', 'private, no-cache')
          .header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.send(media.stream());
      },
    );
  };
}
