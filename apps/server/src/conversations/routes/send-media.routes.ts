import {
  conversationParamsSchema,
  MEDIA_MAX_BYTES,
  mediaKindLabel,
  mediaKindOf,
  mediaTooLargeMessage,
  sendMediaQuerySchema,
  sendMessageResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { UPLOAD_MAX_BYTES } from '../media/media-store.js';
import { guardConversation } from '../visibility/route-access.js';
import { assertMayTakeOver } from './takeover-permission.js';

/**
 * `POST /api/conversations/:id/media`: an operator sends a file. The body is the file itself (any
 * Content-Type); it is stored in the media store (its type checked by its bytes, its size by
 * WhatsApp's limit for that kind: images 5 MB, video and audio 16 MB, documents 100 MB), then sent
 * like a text reply (stored first, a `channel_send` job hands it to the conversation's channel).
 */
export const sendMediaRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only in this plugin: the raw bytes of whatever type the file is (a text or JSON file included).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/conversations/:id/media',
    {
      onRequest: app.authenticate,
      ...guardConversation('params.id', 'conversation:reply'),
      bodyLimit: UPLOAD_MAX_BYTES,
      schema: {
        params: conversationParamsSchema,
        querystring: sendMediaQuerySchema,
        response: { 200: sendMessageResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new AppError('UNAUTHORIZED');
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.byteLength === 0) {
        throw new AppError('VALIDATION_ERROR', 'Envie o arquivo no corpo da requisição');
      }
      await assertMayTakeOver(app, user, request.params.id, 'conversation:reply');
      const { fileName, caption, replyTo } = request.query;
      const stored = await app.media.save({
        bytes,
        declaredMimeType: request.headers['content-type'],
        fileName: fileName ?? 'arquivo',
        maxBytes: UPLOAD_MAX_BYTES,
        refuse: ({ mimeType, size }) => {
          const kind = mediaKindOf(mimeType);
          return size > MEDIA_MAX_BYTES[kind] ? mediaTooLargeMessage(kind) : null;
        },
      });
      const type = mediaKindOf(stored.mimeType);
      let message: Awaited<ReturnType<typeof app.domain.messaging.appendOutbound>>;
      try {
        message = await app.domain.messaging.appendOutbound(request.params.id, user, {
          message: caption || `[${mediaKindLabel(type)}: ${stored.fileName ?? 'arquivo'}]`,
          type,
          replyTo: replyTo ?? null,
          media: {
            url: stored.url,
            mimeType: stored.mimeType,
            fileName: stored.fileName,
            size: stored.size,
          },
        });
      } catch (error) {
        // No message, no file: nothing is left half-written.
        await app.media.remove(stored.id);
        throw error;
      }
      return { success: true as const, data: message, message: 'Arquivo enviado' };
    },
  );
};
