import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'use true ou false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Every environment variable the server reads, parsed once at boot. Documented in README.md. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).default('./data/atende.db'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'deve começar com redis://')
    .optional(),
  CHANNEL: z.enum(['simulator', 'whatsapp-web', 'cloud-api']).default('simulator'),
  DEMO: bool.default(true),
  SIMULATED_TRAFFIC: bool.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'mínimo de 8 caracteres').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** Public origin (e.g. https://atende.example.com); used for the Socket.IO origin check. */
  PUBLIC_URL: z.url().optional(),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** Let the AI endpoint be on a private/loopback address (off: SSRF protection). */
  AI_ALLOW_PRIVATE: bool.default(false),
  /** Directory of the built web app to serve; empty disables static serving. */
  WEB_DIST: z.string().default('apps/web/dist'),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig {
  env: RawConfig['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  channel: RawConfig['CHANNEL'];
  demo: boolean;
  /** Simulated customers write while the server runs (demo default: on, except in tests). */
  simulatedTraffic: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: RawConfig['LOG_LEVEL'];
  trustProxy: boolean;
  publicUrl: string | undefined;
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    allowPrivate: boolean;
  };
  webDist: string;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    channel: c.CHANNEL,
    demo: c.DEMO,
    simulatedTraffic: c.SIMULATED_TRAFFIC ?? (c.DEMO && c.NODE_ENV !== 'test'),
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    publicUrl: c.PUBLIC_URL,
    ai: { baseUrl: c.AI_BASE_URL, apiKey: c.AI_API_KEY, model: c.AI_MODEL, allowPrivate: c.AI_ALLOW_PRIVATE },
    webDist: c.WEB_DIST,
  };
}
