import {
  CSAT_COMMENT_MAX,
  CSAT_COMMENT_THANKS,
  CSAT_THANKS,
  csatRatingLabel,
  type DomainEvent,
} from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { InboundClaimer } from '../../conversations/messaging/inbound-claims.js';
import type { Messaging } from '../../conversations/messaging/messaging.js';
import type { Database } from '../../db/schema.js';
import { satisfactionReplyJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { toIso } from '../../lib/clock.js';
import { isComment, ratingOf } from './rating-reply.js';
import type { ResolutionRow, SatisfactionRepository } from './satisfaction.repository.js';
import { SURVEY_AUTHOR } from './send-survey.js';

/** A survey waits this long for its rating; later, a "5" is a message like any other. */
export const SURVEY_ANSWER_MS = 24 * 60 * 60 * 1000;
/** After the rating, the customer's next words (with no question in them) are its comment. */
export const SURVEY_COMMENT_MS = 30 * 60 * 1000;

const QUOTE_CHARS = 120;

function received(row: ResolutionRow, rating: number, ratedAt: number, comment: string | null): DomainEvent {
  return {
    type: 'csat.received',
    data: {
      surveyId: row.id,
      conversationId: row.conversation_id,
      clientId: row.client_id,
      inboxId: row.inbox_id,
      rating,
      comment,
      ratedAt: toIso(ratedAt),
      personId: row.person_id,
    },
  };
}

/**
 * The customer's answers, taken inside the ingest's transaction (the message is stored and the
 * conversation stays resolved; the agent is not woken): while the survey waits, a reply that is a
 * rating rates it; then, for a while, words with no question in them are its comment. Anything else
 * is not claimed and reopens the conversation as usual. Each answer is published as `csat.received`
 * and thanked by a `satisfaction_reply` job.
 */
export function surveyReplies(deps: { repo: SatisfactionRepository; jobs: JobRunner }): InboundClaimer {
  return async (trx, message) => {
    const survey = await deps.repo.latestOf(trx, message.conversationId);
    if (!survey) return null;
    const thank = (reply: 'rated' | 'commented') =>
      deps.jobs.enqueue(
        trx,
        satisfactionReplyJob,
        { resolutionId: survey.id, reply },
        { dedupeKey: `${satisfactionReplyJob.name}:${survey.id}:${reply}` },
      );

    const sentAt = survey.survey_sent_at === null ? null : Number(survey.survey_sent_at);
    if (survey.survey_status === 'sent' && sentAt !== null && message.at - sentAt < SURVEY_ANSWER_MS) {
      const rating = ratingOf(message.text, message.interactiveReplyId);
      if (rating === null || !(await deps.repo.rate(trx, survey.id, rating, message.at))) return null;
      await thank('rated');
      return {
        line: { event: 'survey_answered', text: `Avaliação do cliente: ${csatRatingLabel(rating)}` },
        events: [received(survey, rating, message.at, null)],
        rated: `csat:${survey.id}`,
      };
    }

    const ratedAt = survey.rated_at === null ? null : Number(survey.rated_at);
    if (
      survey.survey_status === 'rated' &&
      survey.rating !== null &&
      ratedAt !== null &&
      message.at - ratedAt < SURVEY_COMMENT_MS &&
      message.type === 'text' &&
      isComment(message.text)
    ) {
      const comment = message.text.trim().slice(0, CSAT_COMMENT_MAX);
      if (!(await deps.repo.comment(trx, survey.id, comment, message.at))) return null;
      await thank('commented');
      const quote = comment.length > QUOTE_CHARS ? `${comment.slice(0, QUOTE_CHARS - 1)}…` : comment;
      return {
        line: { event: 'survey_answered', text: `Comentário do cliente na pesquisa: “${quote}”` },
        events: [received(survey, Number(survey.rating), ratedAt, comment)],
      };
    }
    return null;
  };
}

/** The `satisfaction_reply` job: the thanks, while the conversation is still resolved. */
export async function thankCustomer(
  deps: { repo: SatisfactionRepository; messaging: Messaging; db: Kysely<Database> },
  resolutionId: string,
  reply: 'rated' | 'commented',
): Promise<void> {
  const survey = await deps.repo.get(deps.db, resolutionId);
  if (!survey) return;
  // Fixed per survey and reply, so a job that runs twice thanks once.
  const providerMessageId = `ATDCSAT${reply === 'rated' ? 'R' : 'C'}${survey.id.replace(/[^a-zA-Z0-9]/g, '')}`;
  await deps.messaging.appendAutomatedMessage({
    conversationId: survey.conversation_id,
    content: reply === 'rated' ? CSAT_THANKS : CSAT_COMMENT_THANKS,
    authorName: SURVEY_AUTHOR,
    providerMessageId,
    onlyIfStatus: 'completed',
    alongside: async (trx) =>
      !(await trx
        .selectFrom('messages')
        .select('id')
        .where('provider_message_id', '=', providerMessageId)
        .executeTakeFirst()),
  });
}
