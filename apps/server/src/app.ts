import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { knowledgeBaseModule } from './agent/knowledge-base/knowledge-base.module.js';
import { type DomainOptions, domainPlugin } from './composition.js';
import type { AppConfig } from './config.js';
import { mediaModule } from './conversations/media/media.module.js';
import { visibilityPlugin } from './conversations/visibility/route-access.js';
import { retentionModule } from './customers/retention/retention.module.js';
import type { DatabaseHandle } from './db/database.js';
import { healthModule } from './insight/health/health.module.js';
import { apiDocsPlugin } from './integrations/api-docs/api-docs.plugin.js';
import { apiTokensModule } from './integrations/api-tokens/api-tokens.module.js';
import { auditRoutes } from './kernel/audit/audit.routes.js';
import { settingsRoutes } from './kernel/settings/settings.routes.js';
import { authRoutes } from './people/auth/auth.routes.js';
import { sessionsRepository } from './people/auth/sessions.repository.js';
import { teamModule } from './people/users/team.module.js';
import { authPlugin } from './plugins/auth.js';
import { clusterPlugin } from './plugins/cluster.js';
import { dbPlugin } from './plugins/db.js';
import { domainEventsPlugin } from './plugins/domain-events.js';
import { errorsPlugin, handleError } from './plugins/errors.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { healthChecksPlugin } from './plugins/health-checks.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { realtimePlugin } from './plugins/realtime.js';
import { redisPlugin } from './plugins/redis.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticPlugin } from './plugins/static.js';
import { configureZodLocale } from './plugins/validation-message.js';
import './types.js';

export interface BuildAppOptions {
  /** false/undefined in tests → silent; true → pino at config.logLevel; an object → pino options. */
  logger?: boolean | Record<string, unknown>;
  /** An open database (tests, bench). Migrated by the app, closed by its owner. */
  dbHandle?: DatabaseHandle;
  /** Holds the agent's pipeline at a point (the kill -9 test's server); never set in production. */
  agentPause?: DomainOptions['agentPause'];
  /** CHANNEL=whatsapp-web contract tests: a fake Baileys socket (channels/whatsapp-web). */
  whatsappWeb?: NonNullable<DomainOptions['channels']>['whatsappWeb'];
}

/** Largest request body accepted (larger → 413). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

function loggerOptions(config: AppConfig, logger: BuildAppOptions['logger']) {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  if (logger === false) return false;
  if (logger === undefined && config.env === 'test') return false;
  if (typeof logger === 'object') return { ...base, ...logger };
  return base;
}

/** Builds the whole server (platform plugins, platform modules, then the domain), ready, not listening. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  configureZodLocale();
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(dbPlugin, { handle: options.dbHandle });
  await app.register(redisPlugin);
  await app.register(rateLimitPlugin);
  // Bearer tokens are checked against people/auth's sessions; plugins/ never imports the domain.
  await app.register(authPlugin, { sessions: sessionsRepository(app.db) });
  await app.register(healthChecksPlugin);
  await app.register(domainEventsPlugin);
  await app.register(realtimePlugin);
  await app.register(clusterPlugin);
  // Before any route: routes declare how they reach conversations and this plugin enforces it.
  await app.register(visibilityPlugin);

  // Before the routes: the OpenAPI document is built from each route as it is added.
  await app.register(apiDocsPlugin);
  await app.register(authRoutes);
  await app.register(settingsRoutes);
  await app.register(teamModule);
  await app.register(knowledgeBaseModule);
  await app.register(healthModule);
  await app.register(mediaModule);
  await app.register(auditRoutes);
  await app.register(apiTokensModule);

  await app.register(domainPlugin, {
    agentPause: options.agentPause,
    channels: { whatsappWeb: options.whatsappWeb },
  });
  await app.register(retentionModule);
  await app.register(staticPlugin);

  await app.ready();
  return app;
}
