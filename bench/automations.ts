/**
 * What automation rules cost each customer message: 50 enabled rules (text, label, handler, hours
 * and day conditions) checked against 20,000 customer messages, inside the trigger handler exactly as
 * ingest calls it — none matching (the common case) and some matching (a job recorded). Prints the
 * CPU time per message (and the wall clock) against the budget (≤ 0.05 ms).
 *   npm run bench:automations
 */
import { type AutomationRule, automationRuleInputSchema, businessHoursSchema } from '@atende/contracts';
import type { Transaction } from 'kysely';
import { RulesCache } from '../apps/server/src/automations/rules-cache.js';
import { triggerHandler } from '../apps/server/src/automations/trigger-handler.js';
import type { Trigger } from '../apps/server/src/conversations/messaging/triggers.js';
import type { Database } from '../apps/server/src/db/schema.js';
import type { JobRunner } from '../apps/server/src/jobs/job-runner.js';
import { CUSTOMER_LINES } from './seed-words.js';

const RULES = 50;
const MESSAGES = 20_000;
const BUDGET_MS = 0.05;

function rules(): AutomationRule[] {
  return Array.from({ length: RULES }, (_, i) => {
    const input = automationRuleInputSchema.parse({
      name: `Regra ${i}`,
      event: 'message_received',
      conditions: [
        { type: 'inbox', inboxIds: ['default', `caixa-${i}`] },
        i % 3 === 0
          ? { type: 'text_matches', pattern: `*segunda via ${i}*` }
          : { type: 'text_contains', words: [`boleto ${i}`, `reembolso ${i}`, `cancelar ${i}`] },
        { type: 'handler', handler: 'ai' },
        ...(i % 4 === 0 ? [{ type: 'business_hours', inside: true }] : []),
        ...(i % 5 === 0 ? [{ type: 'day_time', days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' }] : []),
      ],
      actions: [{ type: 'add_label', labelId: `etiqueta-${i}` }],
    });
    return {
      ...input,
      id: `regra-${i}`,
      position: i,
      after: input.after,
      builtin: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
  });
}

const hours = businessHoursSchema.parse({ enabled: true });
const cache = new RulesCache(null as never);
cache.replace(rules(), new Map([['default', hours]]));
let jobs = 0;
const runner = {
  enqueueMany: async (_trx: unknown, queued: readonly unknown[]) => {
    jobs += queued.length;
    return new Set<string>();
  },
  wake: () => {},
} as unknown as JobRunner;
const handle = triggerHandler({ cache, jobs: runner });
const trx = null as unknown as Transaction<Database>;

function trigger(i: number, text: string): Trigger {
  return {
    event: 'message_received',
    eventId: `m-${i}`,
    conversation: {
      id: `c-${i % 500}`,
      inbox_id: 'default',
      client_id: `cl-${i % 500}`,
      client_name: 'Cliente',
      client_phone: '5511999990000',
      tags: '[]',
      handler_mode: 'ai',
      status: 'active',
    },
    text,
    at: Date.now(),
  };
}

/**
 * Time per message, wall clock and this process's CPU (user + system): the handler runs on one thread
 * and waits on nothing here, so its CPU is its cost even when other work shares the cores (the wall
 * clock then counts their turns too). The budget is checked on CPU.
 */
async function measure(label: string, textOf: (i: number) => string): Promise<number> {
  for (let i = 0; i < 20_000; i++) await handle(trx, [trigger(i, textOf(i))]);
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < MESSAGES; i++) await handle(trx, [trigger(i, textOf(i))]);
  const used = process.cpuUsage(cpu);
  const wall = (performance.now() - started) / MESSAGES;
  const perMessage = (used.user + used.system) / 1000 / MESSAGES;
  console.info(
    `${label.padEnd(44)} ${perMessage.toFixed(4)} ms CPU/mensagem (relógio ${wall.toFixed(4)} ms)`,
  );
  return perMessage;
}

const none = await measure(
  `${RULES} regras, nenhuma casa`,
  (i) => CUSTOMER_LINES[i % CUSTOMER_LINES.length] ?? '',
);
jobs = 0;
const some = await measure(`${RULES} regras, 1 em 10 mensagens casa uma`, (i) =>
  i % 10 === 0
    ? `quero a segunda via do boleto ${i % RULES}`
    : (CUSTOMER_LINES[i % CUSTOMER_LINES.length] ?? ''),
);
console.info(`jobs registrados no segundo caso: ${jobs}`);
const worst = Math.max(none, some);
console.info(`orçamento ≤ ${BUDGET_MS} ms por mensagem: ${worst <= BUDGET_MS ? 'PASS' : 'FAIL'}`);
process.exit(worst <= BUDGET_MS ? 0 : 1);
