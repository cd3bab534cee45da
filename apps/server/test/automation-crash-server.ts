import { buildApp } from '../src/app.js';
import type { RunPause } from '../src/automations/run-journal.js';
import { loadConfig } from '../src/config.js';
import { configureZodLocale } from '../src/plugins/validation-message.js';

/**
 * The real server for the automations' kill -9 test (`node --import tsx test/automation-crash-server.ts`):
 * the production app, listening, with a rule's run held where `AUTOMATION_TEST_PAUSE` says —
 * `before:<i>` or `after:<i>` the rule's action i (`before:<n>`, n its number of actions: all done, the
 * run not logged) — for `AUTOMATION_TEST_DELAY_MS`, after logging `automation test pause`.
 */
configureZodLocale();
const config = loadConfig();
const wanted = process.env.AUTOMATION_TEST_PAUSE;
const delay = Number(process.env.AUTOMATION_TEST_DELAY_MS ?? 0);
const pause: RunPause | undefined =
  wanted && delay > 0
    ? async ({ index, stage }) => {
        if (`${stage}:${index}` !== wanted) return;
        app.log.warn({ point: wanted }, 'automation test pause');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    : undefined;
const app = await buildApp(config, { logger: true, automationPause: pause });
await app.listen({ port: config.port, host: config.host });
console.info('Atende está no ar');
