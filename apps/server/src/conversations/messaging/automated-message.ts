import type { TimelineEvent } from '@atende/contracts';
import type { Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { TransactionBatcher } from '../../db/group-commit.js';
import type { Database } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { AppError } from '../../lib/app-error.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { storeOutbound } from './append-outbound.js';
import { CONVERSATION_NOT_FOUND, lockConversation } from './change-handler.js';
import type { ConversationRow } from './conversation-row.js';
import { PendingEvents } from './pending-events.js';
import { addTimelineEntry } from './timeline.js';

type Alongside = (trx: Transaction<Database>, conversation: ConversationRow) => Promise<boolean>;

/** A message our side starts on its own: the satisfaction survey, its thanks. */
export interface AutomatedMessage {
  conversationId: string;
  content: string;
  /** Its author in the transcript ("Pesquisa de satisfação"). */
  authorName: string;
  /** Fixed by the caller when it records it elsewhere too; generated otherwise. */
  providerMessageId?: string | undefined;
  /** `rating`: the channel asks with its own choices where it has them. */
  sendAs?: 'rating' | undefined;
  /** Only while the conversation has this status (a survey goes only to a resolved one). */
  onlyIfStatus?: string | undefined;
  /** A system line in the transcript beside it. */
  line?: { event: TimelineEvent; text: string } | undefined;
  /** The caller's writes, first, in the same transaction; false stores nothing (done before). */
  alongside?: Alongside | undefined;
}

/** A system line alone, with the caller's writes in the same transaction. */
export interface SystemLine {
  conversationId: string;
  event: TimelineEvent;
  text: string;
  alongside?: Alongside | undefined;
}

/**
 * Messages and transcript lines our side starts on its own. A message is stored and sent like any
 * reply (the send job, the channel's pacing), but it takes nothing over and answers nothing: no
 * response time, not a first response, and the customer's wait goes on.
 */
export function automatedMessages(deps: {
  kind: DatabaseKind;
  realtime: Realtime;
  domainEvents: DomainEvents;
  jobs: JobRunner;
  writes: TransactionBatcher;
}) {
  return {
    /** Answers whether it was stored (not when the status moved on, or `alongside` said no). */
    async appendAutomatedMessage(input: AutomatedMessage): Promise<boolean> {
      // Fresh per attempt: a batch that rolls back runs this again.
      let events = new PendingEvents();
      const stored = await deps.writes.run(async (trx) => {
        events = new PendingEvents();
        const conversation = await lockConversation(trx, deps.kind, input.conversationId);
        if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        if (input.onlyIfStatus !== undefined && conversation.status !== input.onlyIfStatus) return false;
        if (input.alongside && !(await input.alongside(trx, conversation))) return false;
        await storeOutbound(
          trx,
          deps.jobs,
          conversation,
          {
            sender: 'agent',
            content: input.content,
            type: 'text',
            replyTo: null,
            authorName: input.authorName,
            answers: false,
            sendAs: input.sendAs,
            ...(input.providerMessageId ? { providerMessageId: input.providerMessageId } : {}),
          },
          events,
        );
        if (input.line) await line(trx, conversation.id, input.line, events);
        return true;
      }, input.conversationId);
      if (stored) {
        deps.jobs.wake();
        events.flush(deps);
      }
      return stored;
    },

    /** Answers whether it was written (`alongside` may say no). */
    async appendSystemLine(input: SystemLine): Promise<boolean> {
      let events = new PendingEvents();
      const written = await deps.writes.run(async (trx) => {
        events = new PendingEvents();
        const conversation = await lockConversation(trx, deps.kind, input.conversationId);
        if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
        if (input.alongside && !(await input.alongside(trx, conversation))) return false;
        await line(trx, conversation.id, input, events);
        return true;
      }, input.conversationId);
      if (written) events.flush(deps);
      return written;
    },
  };
}

async function line(
  trx: Transaction<Database>,
  conversationId: string,
  input: { event: TimelineEvent; text: string },
  events: PendingEvents,
): Promise<void> {
  const entry = await addTimelineEntry(trx, {
    conversationId,
    kind: 'event',
    event: input.event,
    text: input.text,
    author: null,
  });
  events.conversation(conversationId, 'conversation:timeline', entry);
}
