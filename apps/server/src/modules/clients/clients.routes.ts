import { type Client, clientsQuerySchema, clientsResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';

/** Without `ids`, the most recently active clients, up to this many. */
export const CLIENTS_DEFAULT_LIMIT = 1000;
const MAX_IDS = 200;

export async function listClients(
  db: Kysely<Database>,
  ids: string[] | undefined,
): Promise<Record<string, Client>> {
  let query = db.selectFrom('clients').selectAll();
  if (ids && ids.length > 0) {
    query = query.where('id', 'in', ids.slice(0, MAX_IDS));
  } else {
    query = query.orderBy('last_contact', 'desc').orderBy('id').limit(CLIENTS_DEFAULT_LIMIT);
  }
  const rows = await query.execute();
  const map: Record<string, Client> = {};
  for (const row of rows) {
    map[row.id] = {
      id: row.id,
      name: row.name,
      phone: row.phone,
      email: row.email,
      avatar: row.avatar,
      totalMessages: row.total_messages,
      lastContact: row.last_contact == null ? null : toIso(row.last_contact),
    };
  }
  return map;
}

/** `GET /api/clients`: a map keyed by client id (spec §7); `ids` (csv) narrows it. */
export const clientsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/clients',
    {
      onRequest: app.authenticate,
      schema: { querystring: clientsQuerySchema, response: { 200: clientsResponseSchema } },
    },
    async (request) => ({ success: true as const, data: await listClients(app.db, request.query.ids) }),
  );
};
