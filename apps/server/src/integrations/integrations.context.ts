import fp from 'fastify-plugin';
import { apiTokensModule } from './api-tokens/api-tokens.module.js';
import type { createOrderLookup } from './order-lookup/order-lookup.module.js';
import { outboundWebhooksModule } from './webhooks/outbound-webhooks.module.js';

export { apiDocsPlugin } from './api-docs/api-docs.plugin.js';
export { createOrderLookup } from './order-lookup/order-lookup.module.js';
export { disabledWebhookNotices } from './webhooks/disabled-notices.js';

export interface IntegrationsOptions {
  /** The order lookup, built by the composition root (the agent is handed its `forAgent`). */
  orderLookup: ReturnType<typeof createOrderLookup>;
}

/**
 * Integrations: what other systems see and call — API tokens, signed outbound webhooks, the API
 * docs (registered by the composition before any route) and the store's order lookup.
 */
export const integrationsContext = fp<IntegrationsOptions>(
  async (app, options) => {
    await app.register(apiTokensModule);
    await app.register(outboundWebhooksModule);
    await app.register(options.orderLookup.routes);
  },
  { name: 'atende-integrations', dependencies: ['atende-domain', 'atende-auth'] },
);
