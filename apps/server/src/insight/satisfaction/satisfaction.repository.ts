import {
  DEFAULT_CSAT_QUESTION,
  type SatisfactionSettings,
  type SatisfactionSurvey,
  type SurveyStatus,
  surveyStatusSchema,
} from '@atende/contracts';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ConversationResolutionsTable, Database } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';

type Db = Kysely<Database> | Transaction<Database>;
export type ResolutionRow = Selectable<ConversationResolutionsTable>;
export type NewResolution = Insertable<ConversationResolutionsTable>;

/** Resolutions as they were (demo data): batched inserts in the caller's transaction. */
export async function importResolutions(
  trx: Transaction<Database>,
  rows: readonly NewResolution[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('conversation_resolutions')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/**
 * The satisfaction tables (their one writer): each inbox's survey settings, and one row per
 * resolution with its survey, rating and comment.
 */
export function satisfactionRepository(db: Kysely<Database>) {
  return {
    /** An inbox without a row asks, with the default question. */
    async settings(inboxId: string): Promise<Omit<SatisfactionSettings, 'tappable'>> {
      const row = await db
        .selectFrom('satisfaction_settings')
        .select(['enabled', 'question'])
        .where('inbox_id', '=', inboxId)
        .executeTakeFirst();
      return {
        inboxId,
        enabled: row ? row.enabled === 1 : true,
        question: row?.question ?? DEFAULT_CSAT_QUESTION,
      };
    },

    async saveSettings(
      settings: Omit<SatisfactionSettings, 'tappable'>,
      by: { id: string } | null,
      trx: Db = db,
    ): Promise<void> {
      const values = {
        enabled: settings.enabled ? 1 : 0,
        question: settings.question,
        updated_at: now(),
        updated_by: by?.id ?? null,
      };
      await trx
        .insertInto('satisfaction_settings')
        .values({ inbox_id: settings.inboxId, ...values })
        .onConflict((oc) => oc.column('inbox_id').doUpdateSet(values))
        .execute();
    },

    /** Answers whether it was new (a retried job finds it written). */
    async insertResolution(trx: Db, row: NewResolution): Promise<boolean> {
      const inserted = await trx
        .insertInto('conversation_resolutions')
        .values(row)
        .onConflict((oc) => oc.columns(['conversation_id', 'resolved_at']).doNothing())
        .returning('id')
        .execute();
      return inserted.length > 0;
    },

    /** The conversation's latest resolution (a reply to the survey belongs to it). */
    latestOf(trx: Db, conversationId: string): Promise<ResolutionRow | undefined> {
      return trx
        .selectFrom('conversation_resolutions')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('resolved_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    get(trx: Db, id: string): Promise<ResolutionRow | undefined> {
      return trx.selectFrom('conversation_resolutions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The rating, once: answers whether it was this reply that gave it. */
    async rate(trx: Db, id: string, rating: number, at: number): Promise<boolean> {
      const result = await trx
        .updateTable('conversation_resolutions')
        .set({ survey_status: 'rated', rating, rated_at: at })
        .where('id', '=', id)
        .where('survey_status', '=', 'sent')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async comment(trx: Db, id: string, comment: string, at: number): Promise<boolean> {
      const result = await trx
        .updateTable('conversation_resolutions')
        .set({ survey_status: 'commented', comment, commented_at: at })
        .where('id', '=', id)
        .where('survey_status', '=', 'rated')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Surveys of one conversation or of one client's conversations, newest first, with the person. */
    async surveys(by: { conversationId: string } | { clientId: string }): Promise<SatisfactionSurvey[]> {
      const rows = await db
        .selectFrom('conversation_resolutions as r')
        .leftJoin('users as u', 'u.id', 'r.person_id')
        .selectAll('r')
        .select('u.name as person_name')
        .$if('conversationId' in by, (q) =>
          q.where('r.conversation_id', '=', (by as { conversationId: string }).conversationId),
        )
        .$if('clientId' in by, (q) => q.where('r.client_id', '=', (by as { clientId: string }).clientId))
        .orderBy('r.resolved_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => toSurvey(row, row.person_name));
    },
  };
}

export type SatisfactionRepository = ReturnType<typeof satisfactionRepository>;

function toSurvey(row: ResolutionRow, personName: string | null): SatisfactionSurvey {
  const status = surveyStatusSchema.safeParse(row.survey_status);
  const at = (value: number | null) => (value === null ? null : toIso(Number(value)));
  return {
    id: row.id,
    conversationId: row.conversation_id,
    inboxId: row.inbox_id,
    resolvedAt: toIso(Number(row.resolved_at)),
    status: status.success ? status.data : ('sent' satisfies SurveyStatus),
    sentAt: at(row.survey_sent_at),
    rating: row.rating === null ? null : Number(row.rating),
    ratedAt: at(row.rated_at),
    comment: row.comment,
    person: row.person_id && personName ? { id: row.person_id, name: personName } : null,
  };
}
