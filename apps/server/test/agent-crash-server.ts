import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { configureZodLocale } from '../src/plugins/validation-message.js';
import { pauseFromEnv } from './agent-pause.js';

/**
 * The real server for the agent's kill -9 test (`node --import tsx test/agent-crash-server.ts`): the
 * production app, listening, with the agent held where `AGENT_TEST_PAUSE` says (see agent-pause.ts).
 */
configureZodLocale();
const config = loadConfig();
// The log line is what the test waits for; it is written only once the app exists.
const app = await buildApp(config, {
  logger: true,
  agentPause: pauseFromEnv(process.env, (point) => app.log.warn({ point }, 'agent test pause')),
});
await app.listen({ port: config.port, host: config.host });
console.info('Atende está no ar');
