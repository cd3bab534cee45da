import { createHash } from 'node:crypto';
import type { AdminConfig, AgentConfig } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Messaging } from '../conversations/messaging/messaging.js';
import { serviceWindowAt } from '../conversations/messaging/service-window.js';
import type { Database } from '../db/schema.js';
import { getSettings } from '../kernel/settings/settings.service.js';
import { now } from '../lib/clock.js';
import { isWithinBusinessHours } from './business-hours.js';
import { type Decision, decide } from './decide.js';
import { recordGap } from './knowledge-gaps/knowledge-gaps.repository.js';
import type { KnowledgeIndexStore } from './knowledge-index-store.js';
import { pendingClarification } from './pending-clarification.js';
import type { AgentProvider } from './provider.js';
import type { RecordLookup } from './record-lookup.js';

/** Where a test may hold the pipeline (the kill -9 test): after deciding, after storing. */
export type PausePoint = 'before_store' | 'after_store';

/** Answered, but by less than this over the threshold: still a knowledge gap ('low_confidence'). */
export const LOW_CONFIDENCE_MARGIN = 0.15;

export interface AgentReplyJob {
  conversationId: string;
  messageId: string;
}

export type AgentOutcome =
  | 'replied'
  | 'clarified'
  | 'handed_off'
  | 'already_done'
  | 'not_ai_handled'
  | 'ai_disabled'
  | 'message_not_found'
  | 'window_closed'
  | 'superseded'
  /** A voice note still being transcribed: the agent answers when its words arrive (or never will). */
  | 'awaiting_transcript';

/** Longest part of a transcript the reply quotes back ("Ouvi seu áudio: …"). */
const HEARD_QUOTE_CHARS = 160;

/** The line a reply to a voice note starts with: the customer sees what was understood. */
export function heardLine(transcript: string): string {
  const words = transcript.replace(/\s+/g, ' ').trim();
  const quote =
    words.length > HEARD_QUOTE_CHARS ? `${words.slice(0, HEARD_QUOTE_CHARS - 1).trimEnd()}…` : words;
  return `Ouvi seu áudio: “${quote}”`;
}

export interface AgentServiceDeps {
  /** Settings and knowledge gaps; conversations and messages go through `messaging`. */
  db: Kysely<Database>;
  messaging: Messaging;
  index: KnowledgeIndexStore;
  provider: () => Promise<AgentProvider>;
  log?: { info(obj: object, msg: string): void };
  pause?: ((point: PausePoint) => Promise<void>) | undefined;
  /** The channel only takes free text within 24 h of the customer's last message (Cloud API). */
  /** Whether the conversation's inbox only allows free text within 24 h of the customer (Cloud API). */
  serviceWindow?: ((conversationId: string) => Promise<boolean>) | undefined;
  /** Answers questions about the customer's order from the store (null: not configured). */
  recordLookup?: RecordLookup | undefined;
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

/** What the agent says for the business (`admin-config`): its time zone and contact address. */
export type Company = Pick<AdminConfig, 'timezone' | 'supportEmail'>;

/**
 * The handoff text, plus — when nobody is at work now — the out-of-hours notice and, when the admins
 * gave one, the address the customer can write to meanwhile.
 */
export function handoffText(settings: AgentConfig, company: Company, at: number): string {
  if (isWithinBusinessHours(at, settings.businessHours, company.timezone) || !settings.outOfHoursMessage) {
    return settings.handoffMessage;
  }
  const contact = company.supportEmail ? `\n\nSe preferir, escreva para ${company.supportEmail}.` : '';
  return `${settings.handoffMessage}\n\n${settings.outOfHoursMessage}${contact}`;
}

/** The agent's pipeline for one inbound customer message (the `agent_reply` job). Idempotent. */
export function createAgentService(deps: AgentServiceDeps) {
  const { db, messaging } = deps;
  const answerIds = (inboundId: string) =>
    [agentProviderId(inboundId, 'reply'), agentProviderId(inboundId, 'handoff')] as const;

  /**
   * Stores the outcome — reply, or hand-off notice and hand-off — with its knowledge gap, in one
   * transaction, only if the AI still holds the conversation (a takeover that committed first wins).
   */
  async function commit(
    job: AgentReplyJob,
    question: string,
    decision: Decision,
    settings: AgentConfig,
    company: Company,
    answeredBy = answerIds(job.messageId),
    heard: string | null = null,
  ): Promise<AgentOutcome> {
    const at = now();
    const reply = decision.kind !== 'handoff';
    const said = decision.kind === 'handoff' ? handoffText(settings, company, at) : decision.text;
    // A question the agent had to ask about is a gap once, when asked; the reply to it is not.
    const gap =
      decision.kind === 'clarify'
        ? ('low_confidence' as const)
        : decision.clarification
          ? null
          : decision.kind === 'reply'
            ? !decision.smallTalk &&
              decision.confidence < settings.confidenceThreshold + LOW_CONFIDENCE_MARGIN
              ? ('low_confidence' as const)
              : null
            : decision.cause === 'low_confidence'
              ? ('handoff' as const)
              : null;
    const stored = await messaging.appendAgentReply({
      conversationId: job.conversationId,
      content: heard ? `${heardLine(heard)}\n\n${said}` : said,
      confidence: decision.confidence,
      evidence: decision.evidence,
      providerMessageId: reply ? answeredBy[0] : answeredBy[1],
      answeredBy,
      handOff: decision.kind === 'handoff' ? { reason: decision.reason, cause: decision.cause } : undefined,
      clarification:
        decision.kind === 'clarify'
          ? { kind: 'question', questionMessageId: job.messageId, options: decision.options }
          : decision.clarification,
      alongside: gap
        ? (trx, conversation) =>
            recordGap(trx, {
              question,
              reason: gap,
              conversationId: conversation.id,
              messageId: job.messageId,
              at,
            })
        : undefined,
    });
    if (stored !== 'stored') return stored;
    return decision.kind === 'clarify' ? 'clarified' : reply ? 'replied' : 'handed_off';
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
        admin,
      );
    },

    async handle(job: AgentReplyJob): Promise<AgentOutcome> {
      const settings = await getSettings(db, 'config');
      // Two more than the provider's history: a clarifying question and the question it asked about.
      const answeredBy = answerIds(job.messageId);
      const inbound = await messaging.agent.replyContext(
        job.messageId,
        answeredBy,
        settings.historyMessages + 2,
      );
      if (inbound?.sender !== 'client' || inbound.conversation_id !== job.conversationId) {
        return 'message_not_found';
      }
      if (inbound.handlerMode !== 'ai') return 'not_ai_handled';
      // A reply that would leave after the customer's window closed is never attempted.
      if (await deps.serviceWindow?.(job.conversationId)) {
        const last = await messaging.serviceWindow.lastClientMessageAt(job.conversationId);
        if (!serviceWindowAt(last, now()).open) return 'window_closed';
      }
      if (!settings.aiEnabled) return 'ai_disabled';
      if (inbound.answered) return 'already_done';
      // A customer's voice note is answered by its words once heard; until then (transcription on,
      // the file or the provider on its way) the agent waits, and the transcription asks it again.
      const heard =
        inbound.type === 'audio' && inbound.transcriptStatus === 'done' && inbound.transcript?.trim()
          ? inbound.transcript.trim()
          : null;
      if (
        inbound.type === 'audio' &&
        !heard &&
        inbound.transcriptStatus !== 'failed' &&
        inbound.mediaStatus !== 'unavailable' &&
        (await getSettings(db, 'speech-to-text')).enabled
      ) {
        return 'awaiting_transcript';
      }

      await deps.index.refresh(db);
      const company = await getSettings(db, 'admin-config');
      const { timezone } = company;
      const question = heard ?? inbound.content.trim();
      const pending = pendingClarification(inbound, settings.historyMessages);
      const history = inbound.history
        .slice(Math.max(0, inbound.history.length - settings.historyMessages))
        .map(({ sender, content }) => ({ sender, content }));
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
              history,
              index: deps.index.current,
              provider: await deps.provider(),
              settings: { ...settings, companyName: company.companyName },
              pending,
              interactiveReplyId: inbound.interactiveReplyId,
              // Outside business hours nobody could take the "falar com um atendente" option now.
              mayClarify: isWithinBusinessHours(now(), settings.businessHours, timezone),
              optionKey: job.messageId,
              lookupRecord: deps.recordLookup
                ? () =>
                    deps.recordLookup?.({ conversationId: job.conversationId, question }) ??
                    Promise.resolve(null)
                : undefined,
            });
      await deps.pause?.('before_store');
      const outcome = await commit(job, question, decision, settings, company, answeredBy, heard);
      deps.log?.info(
        {
          conversationId: job.conversationId,
          messageId: job.messageId,
          outcome,
          confidence: decision.confidence,
        },
        'agent handled message',
      );
      if (outcome === 'replied' || outcome === 'clarified' || outcome === 'handed_off')
        await deps.pause?.('after_store');
      return outcome;
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
