import { CSAT_TYPED_HINT, type SurveyStatus } from '@atende/contracts';
import type { Kysely } from 'kysely';
import { newProviderMessageId } from '../../channels/channel.js';
import type { Messaging } from '../../conversations/messaging/messaging.js';
import type { Database } from '../../db/schema.js';
import type { InboxManager } from '../../inboxes/inbox-manager.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { type ResolutionFacts, resolutionFacts } from './resolution-facts.js';
import type { NewResolution, SatisfactionRepository } from './satisfaction.repository.js';

/** WhatsApp's customer-service window: free-form messages within 24 h of the customer's last one. */
const WINDOW_MS = 24 * 60 * 60 * 1000;
/** How the survey's messages are signed in the transcript. */
export const SURVEY_AUTHOR = 'Pesquisa de satisfação';

/** The skips an operator should see in the transcript, and how they read. */
const SKIP_LINES: Partial<Record<SurveyStatus, string>> = {
  skipped_window: 'Pesquisa de satisfação não enviada: fora da janela de 24 horas do WhatsApp',
  skipped_opt_out: 'Pesquisa de satisfação não enviada: o cliente pediu para não ser contatado',
};

interface Deps {
  db: Kysely<Database>;
  repo: SatisfactionRepository;
  messaging: Messaging;
  inboxes: Pick<InboxManager, 'channelOf'>;
}

/** Why this resolution gets no survey, or null when it gets one. */
async function skipReason(deps: Deps, facts: ResolutionFacts): Promise<SurveyStatus | null> {
  if (!facts.current) return 'reopened';
  if (!(await deps.repo.settings(facts.inboxId)).enabled) return 'disabled';
  const client = await deps.db
    .selectFrom('clients')
    .select(['erased_at', 'do_not_contact', 'phone', 'lid'])
    .where('id', '=', facts.clientId)
    .executeTakeFirst();
  if (!client || client.erased_at !== null || (!client.phone && !client.lid)) return 'skipped_erased';
  if (client.do_not_contact === 1) return 'skipped_opt_out';
  const channel = deps.inboxes.channelOf(facts.inboxId);
  if (!channel) return 'skipped_no_channel';
  const lastWrote = await deps.messaging.serviceWindow.lastClientMessageAt(facts.conversationId);
  if (channel.serviceWindow && (lastWrote === null || lastWrote + WINDOW_MS <= now()))
    return 'skipped_window';
  // Never twice in a row: the customer must have written since the last survey they were sent.
  const previous = await deps.db
    .selectFrom('conversation_resolutions')
    .select((eb) => eb.fn.max('survey_sent_at').as('sent'))
    .where('conversation_id', '=', facts.conversationId)
    .executeTakeFirst();
  const lastSent = previous?.sent == null ? null : Number(previous.sent);
  if (lastSent !== null && (lastWrote === null || lastWrote < lastSent)) return 'skipped_repeat';
  return null;
}

/**
 * The `satisfaction_survey` job: records the resolution and, when its inbox asks for it, sends the
 * survey through the conversation's send queue (the channel's own rating choices where it has them,
 * the question with how to answer otherwise). Run at least once: the resolution's row is written once,
 * with the survey message in the same transaction.
 */
export async function surveyResolution(deps: Deps, conversationId: string, resolvedAtHint: number) {
  const facts = await resolutionFacts(deps.db, conversationId, resolvedAtHint);
  if (!facts) return;
  const row = (status: SurveyStatus, sent?: { at: number; messageId: string }): NewResolution => ({
    id: newId(),
    conversation_id: facts.conversationId,
    inbox_id: facts.inboxId,
    client_id: facts.clientId,
    resolved_at: facts.resolvedAt,
    cycle_started_at: facts.cycleStartedAt,
    resolved_by: facts.resolvedBy,
    person_id: facts.personId,
    person_involved: facts.personInvolved ? 1 : 0,
    survey_status: status,
    survey_sent_at: sent?.at ?? null,
    survey_message_id: sent?.messageId ?? null,
    rating: null,
    rated_at: null,
    comment: null,
    commented_at: null,
    created_at: now(),
  });

  const skip = await skipReason(deps, facts);
  if (skip === null) {
    const { question } = await deps.repo.settings(facts.inboxId);
    const tappable = deps.inboxes.channelOf(facts.inboxId)?.sendRating !== undefined;
    const providerMessageId = newProviderMessageId();
    const sent = await deps.messaging.appendAutomatedMessage({
      conversationId,
      content: tappable ? question : `${question}\n${CSAT_TYPED_HINT}`,
      authorName: SURVEY_AUTHOR,
      providerMessageId,
      sendAs: tappable ? 'rating' : undefined,
      onlyIfStatus: 'completed',
      line: { event: 'survey_sent', text: 'Pesquisa de satisfação enviada' },
      alongside: (trx) =>
        deps.repo.insertResolution(trx, row('sent', { at: now(), messageId: providerMessageId })),
    });
    // Reopened meanwhile (or written by an earlier run): recorded as it is, nothing sent.
    if (!sent) await deps.repo.insertResolution(deps.db, row('reopened'));
    return;
  }
  const line = SKIP_LINES[skip];
  if (line) {
    await deps.messaging.appendSystemLine({
      conversationId,
      event: 'survey_skipped',
      text: line,
      alongside: (trx) => deps.repo.insertResolution(trx, row(skip)),
    });
  } else {
    await deps.repo.insertResolution(deps.db, row(skip));
  }
}
