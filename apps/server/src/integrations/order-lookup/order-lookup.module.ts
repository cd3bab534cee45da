import type { FastifyInstance } from 'fastify';
import { createSafeFetch } from '../../lib/safe-fetch.js';
import { orderLookupRepository } from './order-lookup.repository.js';
import { orderLookupRoutes } from './order-lookup.routes.js';
import { orderNumberIn } from './order-number.js';
import { runLookup } from './run-lookup.js';

/** What the agent is given to answer a question about the customer's order (agent/record-lookup.ts). */
export type OrderLookupForAgent = (input: { conversationId: string; question: string }) => Promise<
  | {
      kind: 'answer';
      text: string;
      evidence: Array<{ passageId: string; title: string; excerpt: string; score: number }>;
    }
  | { kind: 'handoff'; reason: string }
  | null
>;

/**
 * The order lookup: its admin routes, and the function the composition root hands to the agent.
 * The store's URL passes the private-address guard (INTEGRATIONS_ALLOW_PRIVATE lets a LAN store in).
 */
export function createOrderLookup(app: FastifyInstance): {
  routes: ReturnType<typeof orderLookupRoutes>;
  forAgent: OrderLookupForAgent;
} {
  const lookups = orderLookupRepository(app.db);
  const fetch = createSafeFetch({ allowPrivate: app.config.integrationsAllowPrivate });

  const forAgent: OrderLookupForAgent = async ({ conversationId, question }) => {
    const config = await lookups.get();
    if (!config.enabled || !config.urlTemplate) return null;
    const client = await app.db
      .selectFrom('conversations as c')
      .innerJoin('clients as cl', 'cl.id', 'c.client_id')
      .select('cl.phone')
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
    const result = await runLookup(fetch, config, {
      phone: client?.phone ?? '',
      order: orderNumberIn(question),
    });
    if (result.outcome !== 'found')
      return { kind: 'handoff', reason: `consulta ao pedido: ${result.reason}` };
    return {
      kind: 'answer',
      text: result.reply,
      evidence: result.fields.map((field) => ({
        passageId: `pedido:${field.path}`,
        title: `Consulta de pedido · ${field.path}`,
        excerpt: field.value,
        score: 1,
      })),
    };
  };

  return { routes: orderLookupRoutes(lookups, fetch), forAgent };
}
