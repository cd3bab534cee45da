import {
  conversationParamsSchema,
  sendMessageResponseSchema,
  sendVoiceNoteQuerySchema,
  VOICE_NOTE_MAX_SECONDS,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { UPLOAD_MAX_BYTES } from '../media/media-store.js';
import { toVoiceNote } from '../media/voice-note.js';
import { assertMayTakeOver } from '../routes/takeover-permission.js';
import { guardConversation } from '../visibility/route-access.js';

export const VOICE_NOTE_REFUSED =
  'Gravação inválida: envie um áudio Opus (WebM, como o navegador grava, ou Ogg)';
export const VOICE_NOTE_TOO_LONG = `Mensagem de voz muito longa: no máximo ${VOICE_NOTE_MAX_SECONDS / 60} minutos`;

/**
 * `POST /api/conversations/:id/voice-note`: an operator's recording, sent as a WhatsApp voice note.
 * The browser's WebM is remuxed into Ogg/Opus (the same Opus packets, no re-encoding), stored in
 * the media store, then sent like any reply (stored first; the channel's send job marks it a voice
 * note, push-to-talk, on every channel kind).
 */
export const voiceNoteRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/conversations/:id/voice-note',
    {
      onRequest: app.authenticate,
      ...guardConversation('params.id', 'conversation:reply'),
      bodyLimit: UPLOAD_MAX_BYTES,
      schema: {
        params: conversationParamsSchema,
        querystring: sendVoiceNoteQuerySchema,
        response: { 200: sendMessageResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new AppError('UNAUTHORIZED');
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.byteLength === 0) {
        throw new AppError('VALIDATION_ERROR', 'Envie a gravação no corpo da requisição');
      }
      await assertMayTakeOver(app, user, request.params.id, 'conversation:reply');
      const note = await toVoiceNote(new Uint8Array(bytes));
      if (!note) throw new AppError('VALIDATION_ERROR', VOICE_NOTE_REFUSED);
      if (note.seconds > VOICE_NOTE_MAX_SECONDS + 1)
        throw new AppError('VALIDATION_ERROR', VOICE_NOTE_TOO_LONG);
      const stored = await app.media.save({
        bytes: note.bytes,
        declaredMimeType: note.mimeType,
        fileName: 'mensagem-de-voz.ogg',
        maxBytes: UPLOAD_MAX_BYTES,
      });
      let message: Awaited<ReturnType<typeof app.domain.messaging.appendOutbound>>;
      try {
        message = await app.domain.messaging.appendOutbound(request.params.id, user, {
          message: '[Áudio: mensagem-de-voz.ogg]',
          type: 'audio',
          replyTo: request.query.replyTo ?? null,
          media: { url: stored.url, mimeType: stored.mimeType },
        });
      } catch (error) {
        // No message, no file: nothing is left half-written.
        await app.media.remove(stored.id);
        throw error;
      }
      return { success: true as const, data: message, message: 'Mensagem de voz enviada' };
    },
  );
};
