import type { PersonalDataEraser } from '../../conversations/messaging/client-records.js';
import { deleteConversationData } from './delete-conversation.js';
import { personalColumns } from './personal-data.js';
import { blank, customerTables, type Db, locate, rowsOf, type Subject } from './personal-data-sql.js';

/**
 * LGPD erasure of one customer, in the caller's transaction: every column the registry classifies
 * erase or anonymise, in every table, on the customer's rows. Rows, ids, instants and counters stay,
 * so every metric of the past reads the same. Files are not touched here: the caller removes
 * `subject.mediaIds` from storage after the commit (a crash in between leaves an orphan file, never a
 * dangling reference). Answers how many rows each table had blanked.
 */
export async function erasePersonalData(trx: Db, subject: Subject): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, entry] of customerTables()) {
    if (entry.rows.by === 'media') continue;
    counts[table] = await blank(trx, table, personalColumns(entry), rowsOf(entry.rows, subject));
  }
  return counts;
}

/**
 * The erasure as messaging runs it (find the customer's rows, then blank them) and a conversation's
 * deletion, both in its transaction.
 */
export const personalDataEraser: PersonalDataEraser = {
  async deleteConversationWithin(trx, conversationId) {
    return { mediaIds: (await deleteConversationData(trx, conversationId)).mediaIds };
  },
  async eraseWithin(trx, clientId) {
    const subject = await locate(trx, clientId);
    if (!subject) return null;
    return { blanked: await erasePersonalData(trx, subject), mediaIds: subject.mediaIds };
  },
};
