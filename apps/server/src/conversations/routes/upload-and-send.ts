import { conversationParamsSchema, sendMessageResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { type SaveMediaInput, type StoredMedia, UPLOAD_MAX_BYTES } from '../media/media-store.js';
import type { OperatorMessage } from '../messaging/append-outbound.js';
import { guardConversation } from '../visibility/route-access.js';
import { assertMayTakeOver } from './takeover-permission.js';

/** What differs between the routes an operator sends a file through (a file, a voice note). */
export interface UploadAndSend<Query extends { replyTo?: string | undefined }> {
  /** `/api/conversations/:id/…` */
  url: string;
  querystring: z.ZodType<Query>;
  /** The 400's message when the body is empty (pt-BR). */
  emptyBody: string;
  /**
   * The file to store, made from the body's bytes after the operator may reply: it may convert them,
   * or refuse them with an AppError (nothing is stored then).
   */
  file(
    bytes: Buffer,
    request: { query: Query; contentType: string | undefined },
  ): Omit<SaveMediaInput, 'maxBytes'> | Promise<Omit<SaveMediaInput, 'maxBytes'>>;
  /** The message that carries the stored file (the quoted message comes from the query's replyTo). */
  message(stored: StoredMedia, query: Query): Omit<OperatorMessage, 'replyTo'>;
  /** The answer's message once sent (pt-BR). */
  sent: string;
}

/**
 * A route whose body is the file itself (any Content-Type): checked, stored in the media store, then
 * sent like a text reply (stored first, a `channel_send` job hands it to the conversation's channel).
 * A plugin of its own, so its raw body parser stays there.
 */
export function uploadAndSendRoutes<Query extends { replyTo?: string | undefined }>(
  route: UploadAndSend<Query>,
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Only in this plugin: the raw bytes of whatever type the file is (a text or JSON file included).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post(
      route.url,
      {
        onRequest: app.authenticate,
        ...guardConversation('params.id', 'conversation:reply'),
        bodyLimit: UPLOAD_MAX_BYTES,
        schema: {
          params: conversationParamsSchema,
          querystring: route.querystring,
          response: { 200: sendMessageResponseSchema },
        },
      },
      async (request) => {
        const user = request.user;
        if (!user) throw new AppError('UNAUTHORIZED');
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes) || bytes.byteLength === 0) {
          throw new AppError('VALIDATION_ERROR', route.emptyBody);
        }
        await assertMayTakeOver(app, user, request.params.id, 'conversation:reply');
        // Parsed by route.querystring; Fastify's typing of a generic query only hides that it is a Query.
        const query = request.query as Query;
        const file = await route.file(bytes, { query, contentType: request.headers['content-type'] });
        const stored = await app.media.save({ ...file, maxBytes: UPLOAD_MAX_BYTES });
        let message: Awaited<ReturnType<typeof app.domain.messaging.appendOutbound>>;
        try {
          message = await app.domain.messaging.appendOutbound(request.params.id, user, {
            ...route.message(stored, query),
            replyTo: query.replyTo ?? null,
          });
        } catch (error) {
          // No message, no file: nothing is left half-written.
          await app.media.remove(stored.id);
          throw error;
        }
        return { success: true as const, data: message, message: route.sent };
      },
    );
  };
}
