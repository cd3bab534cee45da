import { DEMO_ADMIN, DEMO_OPERATOR } from '@atende/contracts';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { configureZodLocale } from './plugins/validation-message.js';

/** Time allowed for in-flight requests to finish on SIGTERM/SIGINT before the process exits. */
const SHUTDOWN_GRACE_MS = 9_000;

function readConfig(): AppConfig {
  configureZodLocale();
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function displayUrl(config: AppConfig, port: number): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function main(): Promise<void> {
  const config = readConfig();
  const app = await buildApp(config, { logger: true });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;

  console.info(`\nAtende está no ar: ${displayUrl(config, port)}`);
  if (config.demo) {
    console.info('Modo demonstração — credenciais:');
    console.info(`  administrador: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.info(`  operador:      ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}`);
  }
  console.info('');
}

main().catch((error: unknown) => {
  console.error('Falha ao iniciar o servidor:', error);
  process.exit(1);
});
