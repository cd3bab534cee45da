import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CompositionOptions, compose } from './composition.js';
import type { AppConfig } from './config.js';
import { handleError } from './plugins/errors.js';
import { configureZodLocale } from './plugins/validation-message.js';
import './types.js';

export interface BuildAppOptions {
  /** false/undefined in tests → silent; true → pino at config.logLevel; an object → pino options. */
  logger?: boolean | Record<string, unknown>;
  /** An open database (tests, bench). Migrated by the app, closed by its owner. */
  dbHandle?: CompositionOptions['dbHandle'];
  /** Holds the agent's pipeline at a point (the kill -9 test's server); never set in production. */
  agentPause?: CompositionOptions['agentPause'];
  /** Holds a rule's run before an action (the automations' kill -9 test); never set in production. */
  automationPause?: CompositionOptions['automationPause'];
  /** CHANNEL=whatsapp-web contract tests: a fake Baileys socket (channels/whatsapp-web). */
  whatsappWeb?: NonNullable<CompositionOptions['channels']>['whatsappWeb'];
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

/** Builds the whole server (the composition root wires it), ready, not listening. */
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

  await compose(app, {
    dbHandle: options.dbHandle,
    agentPause: options.agentPause,
    automationPause: options.automationPause,
    channels: { whatsappWeb: options.whatsappWeb },
  });
  await app.ready();
  return app;
}
