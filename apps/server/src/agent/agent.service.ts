import { createHash } from 'node:crypto';
import type { AgentConfig } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../db/database.js';
import { GroupCommit } from '../db/group-commit.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { now } from '../lib/clock.js';
import type { ConversationRow } from '../modules/conversations/conversation-row.js';
import { applyHandlerChange, lockConversation } from '../modules/conversations/handler.service.js';
import { recordGap } from '../modules/knowledge-gaps/knowledge-gaps.repository.js';
import { PendingEvents } from '../modules/messages/pending-events.js';
import { storeOutboundMessage } from '../modules/messages/store-outbound.js';
import { getSettings } from '../modules/settings/settings.service.js';
import type { Realtime } from '../types.js';
import { isWithinBusinessHours } from './business-hours.js';
import { type Decision, decide } from './decide.js';
import type { KnowledgeIndexStore } from './knowledge-index-store.js';
import type { AgentProvider, HistoryMessage } from './provider.js';
import type { PausePoint } from './test-pause.js';

/** Answered, but by less than this over the threshold: still a knowledge gap ('low_confidence'). */
export const LOW_CONFIDENCE_MARGIN = 0.15;

export interface AgentReplyJob {
  conversationId: string;
  messageId: string;
}

export type AgentOutcome =
  | 'replied'
  | 'handed_off'
  | 'already_done'
  | 'not_ai_handled'
  | 'ai_disabled'
  | 'message_not_found'
  | 'superseded';

export interface AgentServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  realtime: Realtime;
  jobs: JobRunner;
  index: KnowledgeIndexStore;
  provider: () => Promise<AgentProvider>;
  log?: { info(obj: object, msg: string): void };
  pause?: ((point: PausePoint) => Promise<void>) | undefined;
}

/**
 * The provider id of the agent's message for an inbound message: derived from the inbound id, in the
 * channel's id format. `provider_message_id` is unique, so a job that runs twice (crash, retry) can never
 * store or send a second reply.
 */
export function agentProviderId(inboundMessageId: string, kind: 'reply' | 'handoff'): string {
  const digest = createHash('sha256').update(`${kind}:${inboundMessageId}`).digest('hex');
  return `ATD${digest.slice(0, 20).toUpperCase()}`;
}

/** The handoff text, plus the out-of-hours notice when nobody is at work now. */
export function handoffText(settings: AgentConfig, timeZone: string, at: number): string {
  if (isWithinBusinessHours(at, settings.businessHours, timeZone) || !settings.outOfHoursMessage) {
    return settings.handoffMessage;
  }
  return `${settings.handoffMessage}\n\n${settings.outOfHoursMessage}`;
}

const historyQuery = preparedQuery((db, conversationId: string, before: number, limit: number) =>
  db
    .selectFrom('messages')
    .select(['sender', 'content'])
    .where('conversation_id', '=', conversationId)
    .where('timestamp', '<', before)
    .where('type', '=', 'text')
    .orderBy('timestamp', 'desc')
    .limit(limit),
);

const answeredQuery = preparedQuery((db, replyId: string, handoffId: string) =>
  db.selectFrom('messages').select('id').where('provider_message_id', 'in', [replyId, handoffId]),
);

const inboundQuery = preparedQuery((db, id: string) =>
  db
    .selectFrom('messages')
    .select(['id', 'conversation_id', 'sender', 'content', 'timestamp'])
    .where('id', '=', id),
);

const handlerModeQuery = preparedQuery((db, id: string) =>
  db.selectFrom('conversations').select('handler_mode').where('id', '=', id),
);

async function history(db: Kysely<Database>, conversationId: string, before: number, limit: number) {
  if (limit <= 0) return [];
  const { rows } = await historyQuery(db, conversationId, before, limit);
  return rows.reverse() as HistoryMessage[];
}

/** The agent's pipeline for one inbound customer message (the `agent_reply` job). Idempotent. */
export function createAgentService(deps: AgentServiceDeps) {
  const { db } = deps;
  // SQLite: outcomes of jobs finishing together share one commit (see GroupCommit).
  const group = new GroupCommit(db, { enabled: deps.kind === 'sqlite' });

  async function alreadyAnswered(trx: Kysely<Database> | Transaction<Database>, inboundId: string) {
    const { rows } = await answeredQuery(
      trx,
      agentProviderId(inboundId, 'reply'),
      agentProviderId(inboundId, 'handoff'),
    );
    return rows.length > 0;
  }

  async function storeAgentMessage(
    trx: Transaction<Database>,
    conversation: ConversationRow,
    inboundId: string,
    kind: 'reply' | 'handoff',
    input: { content: string; confidence: number | null; evidence: Decision['evidence'] },
    events: PendingEvents,
  ): Promise<ConversationRow> {
    // The derived provider id is unique: a second reply for the same inbound message cannot be stored.
    const stored = await storeOutboundMessage(
      trx,
      deps.jobs,
      conversation,
      {
        sender: 'agent',
        content: input.content,
        type: 'text',
        replyTo: null,
        aiGenerated: true,
        confidenceScore: input.confidence,
        evidence: input.evidence,
        providerMessageId: agentProviderId(inboundId, kind),
      },
      events,
    );
    return stored.conversation;
  }

  /** Stores the outcome — reply or handoff — in one transaction, if the AI still holds the conversation. */
  async function commit(
    job: AgentReplyJob,
    question: string,
    decision: Decision,
    settings: AgentConfig,
    timeZone: string,
  ): Promise<AgentOutcome> {
    const { outcome, events } = await group.run(async (trx) => {
      // Fresh per attempt: a batch that rolls back runs this again.
      const events = new PendingEvents();
      return { outcome: await store(trx, events), events };
    });
    if (outcome === 'replied' || outcome === 'handed_off') {
      deps.jobs.wake();
      events.flush(deps.realtime);
    }
    return outcome;

    async function store(trx: Transaction<Database>, events: PendingEvents): Promise<AgentOutcome> {
      const conversation = await lockConversation(trx, deps.kind, job.conversationId);
      // A person took over (or the AI was paused) while we were thinking: they win, we stay silent.
      if (conversation?.handler_mode !== 'ai') return 'superseded';
      if (await alreadyAnswered(trx, job.messageId)) return 'already_done';
      const at = now();
      if (decision.kind === 'reply') {
        await storeAgentMessage(
          trx,
          conversation,
          job.messageId,
          'reply',
          { content: decision.text, confidence: decision.confidence, evidence: decision.evidence },
          events,
        );
        if (
          !decision.smallTalk &&
          decision.confidence < settings.confidenceThreshold + LOW_CONFIDENCE_MARGIN
        ) {
          await recordGap(trx, {
            question,
            reason: 'low_confidence',
            conversationId: conversation.id,
            messageId: job.messageId,
            at,
          });
        }
        return 'replied';
      }
      const updated = await storeAgentMessage(
        trx,
        conversation,
        job.messageId,
        'handoff',
        {
          content: handoffText(settings, timeZone, at),
          confidence: decision.confidence,
          evidence: decision.evidence,
        },
        events,
      );
      await applyHandlerChange(trx, updated, { mode: 'waiting_human', reason: decision.reason }, events);
      if (decision.cause === 'low_confidence') {
        await recordGap(trx, {
          question,
          reason: 'handoff',
          conversationId: conversation.id,
          messageId: job.messageId,
          at,
        });
      }
      return 'handed_off';
    }
  }

  return {
    /**
     * The job gave up after its last attempt (e.g. the database kept failing): rather than leave the
     * customer unanswered, hand the conversation to a person — if the AI still holds it.
     */
    async failed(job: AgentReplyJob): Promise<AgentOutcome> {
      const [settings, admin] = await Promise.all([
        getSettings(db, 'config'),
        getSettings(db, 'admin-config'),
      ]);
      return commit(
        job,
        '',
        {
          kind: 'handoff',
          cause: 'provider_failure',
          reason: 'falha do agente',
          confidence: null,
          evidence: [],
        },
        settings,
        admin.timezone,
      );
    },

    async handle(job: AgentReplyJob): Promise<AgentOutcome> {
      const inbound = (await inboundQuery(db, job.messageId)).rows[0];
      if (inbound?.sender !== 'client' || inbound.conversation_id !== job.conversationId) {
        return 'message_not_found';
      }
      const conversation = (await handlerModeQuery(db, job.conversationId)).rows[0];
      if (conversation?.handler_mode !== 'ai') return 'not_ai_handled';
      const settings = await getSettings(db, 'config');
      if (!settings.aiEnabled) return 'ai_disabled';
      if (await alreadyAnswered(db, job.messageId)) return 'already_done';

      await deps.index.refresh(db);
      const question = inbound.content.trim();
      const decision: Decision =
        question === ''
          ? {
              kind: 'handoff',
              cause: 'low_confidence',
              reason: 'mensagem sem texto',
              confidence: null,
              evidence: [],
            }
          : await decide({
              question,
              history: await history(db, job.conversationId, inbound.timestamp, settings.historyMessages),
              index: deps.index.current,
              provider: await deps.provider(),
              settings,
            });
      await deps.pause?.('before_store');
      const { timezone } = await getSettings(db, 'admin-config');
      const outcome = await commit(job, question, decision, settings, timezone);
      deps.log?.info(
        {
          conversationId: job.conversationId,
          messageId: job.messageId,
          outcome,
          confidence: decision.confidence,
        },
        'agent handled message',
      );
      if (outcome === 'replied' || outcome === 'handed_off') await deps.pause?.('after_store');
      return outcome;
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
