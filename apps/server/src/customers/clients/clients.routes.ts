import {
  type Client,
  clientDetailResponseSchema,
  clientIdParamsSchema,
  clientPageQuerySchema,
  clientPageResponseSchema,
  clientsQuerySchema,
  clientsResponseSchema,
  eraseClientRequestSchema,
  eraseClientResponseSchema,
  updateClientRequestSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { guardClient, scopedReadModel, scopeOf } from '../../conversations/visibility/route-access.js';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/clock.js';
import { csvDisposition, csvStream } from '../../lib/csv.js';
import { CLIENT_MESSAGES_CSV_HEADER, clientDataBundle, clientMessageRows } from './client-export.js';
import { getClientDetail, listClientsPage } from './clients.repository.js';

/** Without `ids`, the most recently active clients, up to this many. */
export const CLIENTS_DEFAULT_LIMIT = 1000;
const MAX_IDS = 200;
export const CLIENT_NOT_FOUND = 'Cliente não encontrado';
const ERASE_CONFIRMATION = 'Confirme repetindo o identificador do cliente';

export async function listClients(
  db: Kysely<Database>,
  ids: string[] | undefined,
  scope: ConversationScope,
): Promise<Record<string, Client>> {
  let query = db.selectFrom('clients as k').selectAll();
  if (scope.limited) query = query.where(scope.clientWhere('k'));
  if (ids && ids.length > 0) {
    query = query.where('k.id', 'in', ids.slice(0, MAX_IDS));
  } else {
    query = query.orderBy('k.last_contact', 'desc').orderBy('k.id').limit(CLIENTS_DEFAULT_LIMIT);
  }
  const rows = await query.execute();
  // Keyed by ids from the database: a Map first, so no id can land on Object.prototype.
  const map = new Map<string, Client>();
  for (const row of rows) {
    map.set(row.id, {
      id: row.id,
      name: row.name,
      phone: row.phone,
      email: row.email,
      avatar: row.avatar,
      totalMessages: row.total_messages,
      lastContact: row.last_contact == null ? null : toIso(row.last_contact),
    });
  }
  return Object.fromEntries(map);
}

/**
 * `GET /api/clients` (a map keyed by client id; `ids` narrows it), the CRM's
 * `GET /api/clients/page` and `GET /api/clients/:id`, and the LGPD export `GET /api/clients/:id/export`.
 */
export const clientsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/clients',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { querystring: clientsQuerySchema, response: { 200: clientsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await listClients(app.db, request.query.ids, scopeOf(request)),
    }),
  );

  app.get(
    '/api/clients/page',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { querystring: clientPageQuerySchema, response: { 200: clientPageResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await listClientsPage(app.readDb, request.query, scopeOf(request)),
    }),
  );

  app.get(
    '/api/clients/:id',
    {
      onRequest: app.authenticate,
      ...guardClient('params.id'),
      schema: { params: clientIdParamsSchema, response: { 200: clientDetailResponseSchema } },
    },
    async (request) => {
      // Only the conversations the viewer may see are listed (and their last messages).
      const detail = await getClientDetail(app.db, request.params.id, scopeOf(request));
      if (!detail) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
      return { success: true as const, data: detail };
    },
  );

  app.get(
    '/api/clients/:id/export',
    {
      onRequest: app.allow('clients:export'),
      ...guardClient('params.id'),
      schema: {
        params: clientIdParamsSchema,
        querystring: z.object({ format: z.enum(['json', 'csv']).default('json') }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const bundle = await clientDataBundle(app.db, id);
      if (!bundle) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
      const { format } = request.query;
      await recordAudit(app.db, {
        action: 'client.export',
        actor: request.user,
        targetType: 'client',
        targetId: id,
        detail: { format, messages: bundle.messages.length },
        ip: request.ip,
      });
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', csvDisposition(`mensagens-cliente-${id}.csv`))
          .send(
            csvStream(CLIENT_MESSAGES_CSV_HEADER, clientMessageRows(bundle), await settingsTimeZone(app.db)),
          );
      }
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="dados-cliente-${id}.json"`)
        .send(JSON.stringify(bundle, null, 2));
    },
  );

  app.patch(
    '/api/clients/:id',
    {
      onRequest: app.authenticate,
      ...guardClient('params.id'),
      schema: {
        params: clientIdParamsSchema,
        body: updateClientRequestSchema,
        response: { 200: clientDetailResponseSchema },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      await app.domain.messaging.updateClient(request.params.id, request.body, request.user);
      const detail = await getClientDetail(app.db, request.params.id, scopeOf(request));
      if (!detail) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
      return { success: true as const, data: detail, message: 'Cliente atualizado' };
    },
  );

  app.post(
    '/api/clients/:id/erase',
    {
      onRequest: app.allow('clients:erase'),
      ...guardClient('params.id'),
      schema: {
        params: clientIdParamsSchema,
        body: eraseClientRequestSchema,
        response: { 200: eraseClientResponseSchema },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      if (request.body.confirm !== request.params.id)
        throw new AppError('VALIDATION_ERROR', ERASE_CONFIRMATION);
      const { counts, mediaIds } = await app.domain.messaging.eraseClient(request.params.id, request.user);
      // Files go after the commit: a crash in between leaves an orphan file, never a dangling reference.
      for (const id of mediaIds) await app.media.remove(id);
      return { success: true as const, data: counts, message: 'Dados do cliente apagados' };
    },
  );
};
