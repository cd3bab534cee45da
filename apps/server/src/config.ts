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
  /** PostgreSQL connections per process (instances × this must fit the server's max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Named prepared statements on PostgreSQL; off behind a pooler that cannot keep them (PgBouncer < 1.21). */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'deve começar com redis://')
    .optional(),
  /** The first inbox's channel kind on an empty database (the registry's default when unset). */
  CHANNEL: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,31}$/)
    .optional(),
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
  /** Let webhook endpoints and the order lookup be on a private/loopback address (off: SSRF protection). */
  INTEGRATIONS_ALLOW_PRIVATE: bool.default(false),
  /** WhatsApp Business Cloud API (CHANNEL=cloud-api); the admin settings override each of these. */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'apenas dígitos')
    .optional(),
  /** The WhatsApp Business Account (WABA) id: where the message templates are listed. */
  WHATSAPP_BUSINESS_ACCOUNT_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'apenas dígitos')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'formato vNN.N')
    .default('v23.0'),
  /** Messages per second the number may send (Meta's default throughput is 80). */
  WHATSAPP_MAX_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(80),
  /** Let WHATSAPP_GRAPH_URL be on a private/loopback address (tests' fake Graph; off: SSRF protection). */
  WHATSAPP_ALLOW_PRIVATE: bool.default(false),
  /** Where stored media files live (conversations/media); their metadata is in the `media` table. */
  MEDIA_DIR: z.string().min(1).default('./data/media'),
  /**
   * WhatsApp Web version the linked device announces (CHANNEL=whatsapp-web). Pinned: nothing is fetched at
   * run time. A close with code 405 means WhatsApp retired it: see README (WhatsApp linked device).
   */
  WHATSAPP_WEB_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, 'formato N.N.N')
    .default('2.3000.1043857760')
    .transform((v) => v.split('.').map(Number) as [number, number, number]),
  /**
   * Tests only: the WebSocket the linked device connects to instead of WhatsApp's (a local fake server,
   * so the production smoke sees the compiled build reach its QR without the real service).
   */
  WHATSAPP_WEB_SOCKET_URL: z
    .url()
    .regex(/^wss?:\/\//, 'deve começar com ws:// ou wss://')
    .optional(),
  /**
   * The key that encrypts linked devices' credentials and signal keys at rest (AES-256-GCM): 64 hex
   * characters or base64 of 32 bytes. Absent: a key generated once into AUTH_STATE_KEY_FILE.
   */
  AUTH_STATE_KEY: z.string().min(1).optional(),
  /** Keys used before (comma-separated, same format): they still open what they sealed while rotating. */
  AUTH_STATE_PREVIOUS_KEYS: z.string().min(1).optional(),
  /** Where the generated key lives (mode 0600) when AUTH_STATE_KEY is not set. */
  AUTH_STATE_KEY_FILE: z.string().min(1).default('./data/auth-state.key'),
  /**
   * Largest media file kept from a channel, in bytes. Each kind is also held to WhatsApp's own limit
   * (images 5 MB, video and audio 16 MB): the default lets a customer's 100 MB document through.
   */
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(100 * 1024 * 1024),
  /**
   * Events the Redis stream keeps (REDIS_URL): a socket that reconnects recovers what it missed only
   * while its last event is still in there. Size it to 2 minutes of events (see docs/deployment.md).
   */
  REALTIME_STREAM_LENGTH: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  /**
   * How long room events are gathered before they leave together (ms; 0 sends each at once): fewer
   * system calls per dashboard under load, for at most that much delay (plugins/realtime/emit-window.ts).
   * By default 10 on SQLite and 0 on PostgreSQL (`roomEventWindowMs`, decision 013).
   */
  REALTIME_WINDOW_MS: z.coerce.number().int().min(0).max(100).optional(),
  /** How long a person's last dashboard may be gone (a reload, a dropped network) before they show offline. */
  PRESENCE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /** Prefix of every Redis key and channel the server uses: several deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]{1,40}$/i, 'letras, dígitos, :, _ ou -')
    .default('atende:'),
  /** This process's name in the health list of a cluster (default: host name and port). */
  INSTANCE_NAME: z.string().min(1).max(60).optional(),
  /** Directory of the built web app to serve; empty disables static serving. */
  WEB_DIST: z.string().default('apps/web/dist'),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig {
  env: RawConfig['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string;
  databasePoolSize: number;
  /** PostgreSQL: hot queries as named prepared statements (off behind an old transaction-mode pooler). */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (REDIS_PREFIX). */
  redisPrefix: string;
  realtimeStreamLength: number;
  realtimeWindowMs: number | undefined;
  presenceGraceMs: number;
  instanceName: string | undefined;
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
  /** Webhook endpoints and the order lookup may be private/loopback addresses (INTEGRATIONS_ALLOW_PRIVATE). */
  integrationsAllowPrivate: boolean;
  whatsappCloud: {
    phoneNumberId: string | undefined;
    businessAccountId: string | undefined;
    accessToken: string | undefined;
    appSecret: string | undefined;
    verifyToken: string | undefined;
    graphUrl: string;
    graphVersion: string;
    maxPerSecond: number;
    allowPrivate: boolean;
  };
  mediaDir: string;
  mediaMaxBytes: number;
  whatsappWebVersion: [number, number, number];
  /** Tests only (WHATSAPP_WEB_SOCKET_URL): the linked device's WebSocket, instead of WhatsApp's. */
  whatsappWebSocketUrl: string | undefined;
  /** The linked devices' auth-state encryption: the key (or its file) and previous keys. */
  authState: { key: string | undefined; previousKeys: string[]; keyFile: string };
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
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databasePreparedStatements: c.DATABASE_PREPARED_STATEMENTS,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    realtimeStreamLength: c.REALTIME_STREAM_LENGTH,
    realtimeWindowMs: c.REALTIME_WINDOW_MS,
    presenceGraceMs: c.PRESENCE_GRACE_MS,
    instanceName: c.INSTANCE_NAME,
    channel: c.CHANNEL,
    demo: c.DEMO,
    simulatedTraffic: c.SIMULATED_TRAFFIC ?? (c.DEMO && c.NODE_ENV !== 'test'),
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    publicUrl: c.PUBLIC_URL,
    ai: { baseUrl: c.AI_BASE_URL, apiKey: c.AI_API_KEY, model: c.AI_MODEL, allowPrivate: c.AI_ALLOW_PRIVATE },
    integrationsAllowPrivate: c.INTEGRATIONS_ALLOW_PRIVATE,
    whatsappCloud: {
      phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID,
      businessAccountId: c.WHATSAPP_BUSINESS_ACCOUNT_ID,
      accessToken: c.WHATSAPP_ACCESS_TOKEN,
      appSecret: c.WHATSAPP_APP_SECRET,
      verifyToken: c.WHATSAPP_VERIFY_TOKEN,
      graphUrl: c.WHATSAPP_GRAPH_URL,
      graphVersion: c.WHATSAPP_GRAPH_VERSION,
      maxPerSecond: c.WHATSAPP_MAX_PER_SECOND,
      allowPrivate: c.WHATSAPP_ALLOW_PRIVATE,
    },
    mediaDir: c.MEDIA_DIR,
    mediaMaxBytes: c.MEDIA_MAX_BYTES,
    whatsappWebVersion: c.WHATSAPP_WEB_VERSION,
    whatsappWebSocketUrl: c.WHATSAPP_WEB_SOCKET_URL,
    authState: {
      key: c.AUTH_STATE_KEY,
      previousKeys:
        c.AUTH_STATE_PREVIOUS_KEYS?.split(',')
          .map((k) => k.trim())
          .filter(Boolean) ?? [],
      keyFile: c.AUTH_STATE_KEY_FILE,
    },
    webDist: c.WEB_DIST,
  };
}
