import type { KnowledgeBase } from '@atende/contracts';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';

/** The knowledge base is one document, stored under a fixed id. */
export const KNOWLEDGE_BASE_ID = 'main';

const updatedAtQuery = preparedQuery((db, id: string) =>
  db.selectFrom('knowledge_base').select('updated_at').where('id', '=', id),
);

/** When the stored text last changed (0: never written): asked before each agent reply. */
export async function knowledgeBaseVersion(db: Kysely<Database>): Promise<number> {
  const {
    rows: [row],
  } = await updatedAtQuery(db, KNOWLEDGE_BASE_ID);
  return row ? Number(row.updated_at) : 0;
}

export async function readKnowledgeBase(db: Kysely<Database>): Promise<KnowledgeBase> {
  const row = await db
    .selectFrom('knowledge_base')
    .select(['content', 'updated_at'])
    .where('id', '=', KNOWLEDGE_BASE_ID)
    .executeTakeFirst();
  return row ? { content: row.content, updatedAt: toIso(row.updated_at) } : { content: '', updatedAt: null };
}

export async function writeKnowledgeBase(
  db: Kysely<Database>,
  content: string,
  userId: string | null,
): Promise<KnowledgeBase> {
  const at = now();
  await db
    .insertInto('knowledge_base')
    .values({ id: KNOWLEDGE_BASE_ID, content, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.column('id').doUpdateSet({ content, updated_at: at, updated_by: userId }))
    .execute();
  return { content, updatedAt: toIso(at) };
}
