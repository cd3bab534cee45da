import {
  type AutomationAction,
  type AutomationCondition,
  type AutomationEvent,
  type AutomationRule,
  type AutomationRun,
  automationActionSchema,
  automationConditionSchema,
  automationRuleInputSchema,
} from '@atende/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import type { AutomationRulesTable, AutomationRunsTable, Database } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { now, toIso } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { MARK_PREFIX } from './run-journal.js';

type Db = Kysely<Database> | Transaction<Database>;
type RuleRow = Selectable<AutomationRulesTable>;

export const RULE_NOT_FOUND = 'Regra não encontrada';

function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function toRule(row: RuleRow): AutomationRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    position: row.position,
    event: row.event as AutomationEvent,
    after: row.after_value,
    conditions: parseJson<AutomationCondition[]>(row.conditions, z.array(automationConditionSchema), []),
    actions: parseJson<AutomationAction[]>(row.actions, z.array(automationActionSchema), []),
    builtin: row.builtin,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

function toRun(row: Selectable<AutomationRunsTable>): AutomationRun {
  return {
    id: row.id,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    conversationId: row.conversation_id,
    event: row.event as AutomationEvent,
    outcome: row.outcome,
    lines: parseJson<string[]>(row.lines, z.array(z.string()), []),
    createdAt: toIso(row.created_at),
  };
}

/** The rules that ship enabled: a greeting for new conversations and the out-of-office message. */
const BUILTINS: Array<{
  builtin: 'greeting' | 'out_of_office';
  rule: z.output<typeof automationRuleInputSchema>;
}> = [
  {
    builtin: 'greeting',
    rule: automationRuleInputSchema.parse({
      name: 'Saudação de novas conversas',
      event: 'conversation_created',
      conditions: [{ type: 'business_hours', inside: true }],
      actions: [{ type: 'send_inbox_message', message: 'greeting' }],
    }),
  },
  {
    builtin: 'out_of_office',
    rule: automationRuleInputSchema.parse({
      name: 'Mensagem fora do horário',
      event: 'outside_business_hours',
      actions: [{ type: 'send_inbox_message', message: 'out_of_office' }],
    }),
  },
];

/** The automation rules and their run log (the automations context owns both tables). */
export function rulesRepository(db: Kysely<Database>) {
  async function get(id: string): Promise<AutomationRule> {
    const row = await db.selectFrom('automation_rules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', RULE_NOT_FOUND);
    return toRule(row);
  }

  async function insert(
    trx: Db,
    rule: z.output<typeof automationRuleInputSchema>,
    builtin: 'greeting' | 'out_of_office' | null,
  ): Promise<string> {
    const at = now();
    const last = await trx
      .selectFrom('automation_rules')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst();
    const id = newId(at);
    await trx
      .insertInto('automation_rules')
      .values({
        id,
        name: rule.name,
        position: Number(last?.position ?? -1) + 1,
        enabled: rule.enabled ? 1 : 0,
        event: rule.event,
        after_value: rule.after,
        conditions: JSON.stringify(rule.conditions),
        actions: JSON.stringify(rule.actions),
        builtin,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  return {
    get,

    async list(options: { enabledOnly?: boolean } = {}): Promise<AutomationRule[]> {
      let query = db.selectFrom('automation_rules').selectAll().orderBy('position').orderBy('id');
      if (options.enabledOnly) query = query.where('enabled', '=', 1);
      return (await query.execute()).map(toRule);
    },

    async create(rule: z.output<typeof automationRuleInputSchema>): Promise<AutomationRule> {
      return get(await insert(db, rule, null));
    },

    async update(id: string, rule: z.output<typeof automationRuleInputSchema>): Promise<AutomationRule> {
      const current = await get(id);
      // A built-in rule keeps its event: the inbox's greeting or out-of-office message depends on it.
      if (current.builtin && rule.event !== current.event)
        throw new AppError('CONFLICT', 'O evento de uma regra padrão não muda; crie outra regra');
      await db
        .updateTable('automation_rules')
        .set({
          name: rule.name,
          enabled: rule.enabled ? 1 : 0,
          event: rule.event,
          after_value: rule.after,
          conditions: JSON.stringify(rule.conditions),
          actions: JSON.stringify(rule.actions),
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
      return get(id);
    },

    async remove(id: string): Promise<AutomationRule> {
      const rule = await get(id);
      if (rule.builtin)
        throw new AppError('CONFLICT', 'As regras padrão podem ser desligadas, não excluídas');
      await db.deleteFrom('automation_rules').where('id', '=', id).execute();
      return rule;
    },

    /** A new order: the given ids first, in that order, then any others as they were. */
    async reorder(ids: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('automation_rules').select('id').orderBy('position').execute();
        const known = new Set(rows.map((row) => row.id));
        const unknown = ids.find((id) => !known.has(id));
        if (unknown) throw new AppError('NOT_FOUND', RULE_NOT_FOUND);
        const order = [...new Set(ids), ...rows.map((row) => row.id).filter((id) => !ids.includes(id))];
        for (const [position, id] of order.entries()) {
          await trx.updateTable('automation_rules').set({ position }).where('id', '=', id).execute();
        }
      });
    },

    /** The built-in rules, created enabled the first time (never twice, on any instance). */
    async ensureBuiltins(): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const present = new Set(
          (
            await trx
              .selectFrom('automation_rules')
              .select('builtin')
              .where('builtin', 'is not', null)
              .execute()
          ).map((row) => row.builtin),
        );
        for (const { builtin, rule } of BUILTINS) if (!present.has(builtin)) await insert(trx, rule, builtin);
      });
    },

    async runsOf(conversationId: string): Promise<AutomationRun[]> {
      const rows = await db
        .selectFrom('automation_runs')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        // A run's progress marks are not runs (see run-journal.ts).
        .where('event_id', 'not like', `${MARK_PREFIX}%`)
        .orderBy('created_at', 'desc')
        .limit(200)
        .execute();
      return rows.map(toRun);
    },
  };
}

export type RulesRepository = ReturnType<typeof rulesRepository>;

/** Records one run (at most one per rule and event: a second record is ignored). */
export async function recordRun(
  trx: Db,
  run: {
    ruleId: string;
    ruleName: string;
    conversationId: string;
    event: string;
    eventId: string;
    outcome: AutomationRun['outcome'];
    lines: readonly string[];
  },
): Promise<boolean> {
  const at = now();
  const inserted = await trx
    .insertInto('automation_runs')
    .values({
      id: newId(at),
      rule_id: run.ruleId,
      rule_name: run.ruleName,
      conversation_id: run.conversationId,
      event: run.event,
      event_id: run.eventId,
      outcome: run.outcome,
      lines: JSON.stringify(run.lines),
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['rule_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether a run of this rule for this event was already recorded. */
export async function alreadyRan(db: Db, ruleId: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('automation_runs')
    .select('id')
    .where('rule_id', '=', ruleId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Boolean(row);
}
