import {
  ackEnvelopeSchema,
  attentionResponseSchema,
  bulkActionRequestSchema,
  bulkActionResponseSchema,
  conversationParamsSchema,
  createNoteRequestSchema,
  snoozeRequestSchema,
  takeoverResponseSchema,
  timelineEntryResponseSchema,
  timelineResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../types.js';
import { attentionService } from '../attention/attention.service.js';
import { guardConversation, scopedReadModel, scopeOf } from '../visibility/route-access.js';
import { runBulk } from './bulk-actions.js';

function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

const one = { params: conversationParamsSchema, response: { 200: takeoverResponseSchema } };

/**
 * A conversation's life cycle (resolve, reopen, snooze, archive, delete), its notes and transcript,
 * what each person has seen of it, and actions on many at once. Every route passes the visibility
 * guard; the transitions the header offers are the only ones the server makes (`conversationView`).
 */
export const lifecycleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { messaging } = app.domain;
  const attention = attentionService(app.db);
  const visible = { onRequest: app.authenticate, ...guardConversation('params.id') };

  const simple = [
    ['resolve', messaging.resolve, 'Conversa finalizada'],
    ['reopen', messaging.reopen, 'Conversa reaberta'],
    ['unsnooze', messaging.unsnooze, 'Conversa retomada'],
    ['archive', messaging.archive, 'Conversa arquivada'],
    ['unarchive', messaging.unarchive, 'Conversa desarquivada'],
  ] as const;
  for (const [path, transition, message] of simple) {
    app.post(`/api/conversations/:id/${path}`, { ...visible, schema: one }, async (request) => ({
      success: true as const,
      data: await transition(request.params.id, userOf(request)),
      message,
    }));
  }

  app.post(
    '/api/conversations/:id/snooze',
    { ...visible, schema: { ...one, body: snoozeRequestSchema } },
    async (request) => {
      const until = request.body.until === null ? null : Date.parse(request.body.until);
      if (until !== null && until <= Date.now())
        throw new AppError('VALIDATION_ERROR', 'Escolha um horário no futuro');
      return {
        success: true as const,
        data: await messaging.snooze(request.params.id, userOf(request), until),
        message: 'Conversa adiada',
      };
    },
  );

  app.delete(
    '/api/conversations/:id',
    {
      onRequest: app.allow('conversations:delete'),
      ...guardConversation('params.id'),
      schema: { params: conversationParamsSchema, response: { 200: ackEnvelopeSchema } },
    },
    async (request) => {
      const { mediaIds } = await messaging.remove(request.params.id, userOf(request));
      // Files go after the commit: a crash in between leaves an orphan file, never a dangling reference.
      for (const id of mediaIds) await app.media.remove(id);
      return { success: true as const, message: 'Conversa excluída' };
    },
  );

  app.get(
    '/api/conversations/:id/timeline',
    { ...visible, schema: { params: conversationParamsSchema, response: { 200: timelineResponseSchema } } },
    async (request) => ({ success: true as const, data: await messaging.timeline(request.params.id) }),
  );

  app.post(
    '/api/conversations/:id/notes',
    {
      ...visible,
      schema: {
        params: conversationParamsSchema,
        body: createNoteRequestSchema,
        response: { 200: timelineEntryResponseSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const note = await messaging.addNote(request.params.id, user, request.body.text);
      return { success: true as const, data: note, message: 'Nota adicionada' };
    },
  );

  app.post(
    '/api/conversations/:id/read',
    { ...visible, schema: { params: conversationParamsSchema, response: { 200: ackEnvelopeSchema } } },
    async (request) => {
      await attention.markRead(userOf(request).id, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/conversations/attention',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { response: { 200: attentionResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await attention.countsFor(userOf(request).id, scopeOf(request)),
    }),
  );

  app.post(
    '/api/conversations/bulk',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { body: bulkActionRequestSchema, response: { 200: bulkActionResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await runBulk(app, userOf(request), scopeOf(request), request.body),
    }),
  );
};
