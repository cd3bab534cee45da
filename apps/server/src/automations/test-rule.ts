import type { AutomationRuleInput, TestRuleResult } from '@atende/contracts';
import { automationRuleInputSchema } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { cannedRepliesRepository } from '../conversations/canned-replies/canned-replies.repository.js';
import { labelsRepository } from '../conversations/labels/labels.repository.js';
import { AppError } from '../lib/app-error.js';
import { foldText } from '../lib/text/normalize.js';
import { holds } from './conditions.js';
import { describeAction, describeCondition, type Names } from './describe.js';
import type { RulesCache } from './rules-cache.js';

/**
 * "Testar": a rule against a past conversation, as if its event happened at the conversation's last
 * customer message — which conditions hold and what it would do, doing nothing.
 */
export async function testRule(
  app: FastifyInstance,
  cache: RulesCache,
  input: AutomationRuleInput,
  conversationId: string,
): Promise<TestRuleResult> {
  const rule = automationRuleInputSchema.parse(input);
  const row = await app.db
    .selectFrom('conversations as c')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(['c.inbox_id', 'c.tags', 'c.handler_mode', 'cl.name', 'cl.email', 'cl.phone', 'cl.notes'])
    .where('c.id', '=', conversationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Conversa não encontrada');
  const last = await app.db
    .selectFrom('messages')
    .select(['content', 'timestamp', 'confidence_score'])
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', 'client')
    .orderBy('timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lastAgent = await app.db
    .selectFrom('messages')
    .select('confidence_score')
    .where('conversation_id', '=', conversationId)
    .where('ai_generated', '=', 1)
    .orderBy('timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  let labels: string[] = [];
  try {
    labels = JSON.parse(row.tags) as string[];
  } catch {
    labels = [];
  }
  const facts = {
    inboxId: row.inbox_id,
    labels,
    foldedText: foldText(last?.content ?? ''),
    client: { name: row.name, email: row.email, phone: row.phone, notes: row.notes },
    handler: row.handler_mode,
    confidence: lastAgent?.confidence_score ?? null,
    at: last?.timestamp ?? Date.now(),
    hours: cache.hoursOf(row.inbox_id),
  };
  const [labelList, people, inboxes, canned] = await Promise.all([
    labelsRepository(app.db).list(),
    app.db.selectFrom('users').select(['id', 'name']).execute(),
    app.db.selectFrom('inboxes').select(['id', 'name']).execute(),
    cannedRepliesRepository(app.db).list(),
  ]);
  const names: Names = {
    labels: new Map(labelList.map((l) => [l.id, l.name])),
    people: new Map(people.map((p) => [p.id, p.name])),
    inboxes: new Map(inboxes.map((i) => [i.id, i.name])),
    cannedReplies: new Map(canned.map((c) => [c.id, `/${c.shortcut}`])),
  };
  const conditions = rule.conditions.map((condition) => ({
    label: describeCondition(condition, names),
    matched: holds(condition, facts),
  }));
  return {
    conditions,
    matched: conditions.every((c) => c.matched),
    actions: rule.actions.map((action) => describeAction(action, names)),
  };
}
