import {
  clientIdParamsSchema,
  idSchema,
  inboxParamsSchema,
  satisfactionSettingsResponseSchema,
  satisfactionSurveysResponseSchema,
  updateSatisfactionSettingsSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardClient, guardConversation } from '../../conversations/visibility/route-access.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import type { SatisfactionRepository } from './satisfaction.repository.js';

const INBOX_NOT_FOUND = 'Caixa de entrada não encontrada';

/**
 * Each inbox's survey (admins), and the answers of a conversation or of a client (whoever may see
 * them): the chat header and the client page show them.
 */
export function satisfactionRoutes(repo: SatisfactionRepository): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const admin = { onRequest: app.allow('inboxes:manage') };
    // Whether the customer taps a choice there (the channel's own controls) or types the rating.
    const tappable = (inboxId: string) => app.domain.inboxes.channelOf(inboxId)?.sendRating !== undefined;
    const exists = async (inboxId: string) => {
      const row = await app.db
        .selectFrom('inboxes')
        .select('id')
        .where('id', '=', inboxId)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', INBOX_NOT_FOUND);
    };

    app.get(
      '/api/inboxes/:id/satisfaction',
      {
        ...admin,
        schema: { params: inboxParamsSchema, response: { 200: satisfactionSettingsResponseSchema } },
      },
      async (request) => {
        await exists(request.params.id);
        const settings = await repo.settings(request.params.id);
        return { success: true as const, data: { ...settings, tappable: tappable(request.params.id) } };
      },
    );

    app.put(
      '/api/inboxes/:id/satisfaction',
      {
        ...admin,
        schema: {
          params: inboxParamsSchema,
          body: updateSatisfactionSettingsSchema,
          response: { 200: satisfactionSettingsResponseSchema },
        },
      },
      async (request) => {
        const inboxId = request.params.id;
        await exists(inboxId);
        const settings = { inboxId, ...request.body };
        await app.db.transaction().execute(async (trx) => {
          await repo.saveSettings(settings, request.user, trx);
          await recordAudit(trx, {
            action: 'satisfaction.update',
            actor: request.user,
            targetType: 'inbox',
            targetId: inboxId,
            detail: { enabled: settings.enabled },
            ip: request.ip,
          });
        });
        return {
          success: true as const,
          data: { ...settings, tappable: tappable(inboxId) },
          message: 'Pesquisa de satisfação salva',
        };
      },
    );

    app.get(
      '/api/conversations/:id/satisfaction',
      {
        onRequest: app.authenticate,
        ...guardConversation('params.id'),
        schema: { params: z.object({ id: idSchema }), response: { 200: satisfactionSurveysResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        data: await repo.surveys({ conversationId: request.params.id }),
      }),
    );

    app.get(
      '/api/clients/:id/satisfaction',
      {
        onRequest: app.authenticate,
        ...guardClient('params.id'),
        schema: { params: clientIdParamsSchema, response: { 200: satisfactionSurveysResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        data: await repo.surveys({ clientId: request.params.id }),
      }),
    );
  };
}
