import type { InboundDeletion, InboundEdit } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { now } from '../../lib/clock.js';
import { normalizePhone } from '../../lib/phone.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { findConversation, toConversation } from './conversation-row.js';
import { type MessageRow, toMessages } from './message-row.js';
import { PendingEvents } from './pending-events.js';
import { conversationSearchText } from './search-text.js';
import { voiceNoteArrived, voiceNoteLost } from './voice-notes.js';

/** What the conversation list shows for a latest message its author deleted. */
export const DELETED_PREVIEW = 'Mensagem apagada';

type Trx = Transaction<Database>;

/** Gathers `message:updated` with the message as it is now (reactions included). */
async function announceMessage(trx: Trx, messageId: string, events: PendingEvents): Promise<void> {
  const row = await trx.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirst();
  if (!row) return;
  const [message] = await toMessages(trx, [row]);
  if (message) events.both(row.conversation_id, 'message:updated', message);
}

/**
 * The list row follows a change to the conversation's latest message (its preview and what the
 * conversation is searched by).
 */
async function refreshPreview(trx: Trx, row: MessageRow, preview: string, events: PendingEvents) {
  const conversation = await findConversation(trx, row.conversation_id);
  if (!conversation || conversation.last_message_time !== row.timestamp) return;
  const search_text = conversationSearchText({
    clientId: conversation.client_id,
    clientName: conversation.client_name,
    clientPhone: conversation.client_phone,
    lastMessage: preview,
  });
  await trx
    .updateTable('conversations')
    .set({ last_message: preview, search_text })
    .where('id', '=', conversation.id)
    .execute();
  events.dashboard('conversation:updated', toConversation({ ...conversation, last_message: preview }));
}

/**
 * The message an edit or deletion from the channel is about: the customer's own message in one of
 * their conversations, or (typed on the business phone) one of ours. Anything else is ignored: an id
 * names nothing of another customer's.
 */
async function findTarget(trx: Trx, change: InboundEdit | InboundDeletion): Promise<MessageRow | undefined> {
  let query = trx
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .selectAll('m')
    .where('m.provider_message_id', '=', change.targetProviderMessageId)
    .where((eb) =>
      change.lid
        ? eb.or([
            eb('cl.phone', '=', normalizePhone(change.phone)),
            eb('cl.lid', '=', normalizePhone(change.lid)),
          ])
        : eb('cl.phone', '=', normalizePhone(change.phone)),
    );
  query =
    change.from === 'client'
      ? query.where('m.sender', '=', 'client')
      : query.where('m.sender', '!=', 'client');
  return query.executeTakeFirst();
}

/**
 * Changes to stored messages after they arrived: their media (downloaded by a job afterwards), and
 * their author's edits and deletions. Each commits on its own and announces `message:updated`.
 */
export function messageChanges(deps: {
  db: Kysely<Database>;
  realtime: Realtime;
  domainEvents: DomainEvents;
  /** Records a voice note's transcription when its file arrives. */
  jobs?: JobRunner;
}) {
  const { db } = deps;

  async function write(work: (trx: Trx, events: PendingEvents) => Promise<boolean>): Promise<boolean> {
    const events = new PendingEvents();
    const changed = await db.transaction().execute((trx) => work(trx, events));
    events.flush(deps);
    if (changed) deps.jobs?.wake();
    return changed;
  }

  return {
    /** A pending media download: what the channel needs for it, or undefined when nothing is pending. */
    async pendingMedia(messageId: string) {
      const row = await db
        .selectFrom('messages')
        .select(['media_descriptor', 'media_status'])
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (row?.media_status !== 'pending' || !row.media_descriptor) return undefined;
      return JSON.parse(row.media_descriptor) as unknown;
    },

    /** The message's media arrived: it shows the file, and the download's keys are forgotten. */
    attachMedia(
      messageId: string,
      media: { url: string; mimeType: string; fileName: string | null; size: number },
    ): Promise<boolean> {
      return write(async (trx, events) => {
        const updated = await trx
          .updateTable('messages')
          .set({
            media_url: media.url,
            media_mime_type: media.mimeType,
            media_file_name: media.fileName,
            media_size: media.size,
            media_status: null,
            media_descriptor: null,
          })
          .where('id', '=', messageId)
          .where('media_status', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await voiceNoteArrived(trx, deps.jobs, messageId);
        await announceMessage(trx, messageId, events);
        return true;
      });
    },

    /** The media could not be downloaded (for good): the message says so. */
    markMediaUnavailable(messageId: string): Promise<boolean> {
      return write(async (trx, events) => {
        const updated = await trx
          .updateTable('messages')
          .set({ media_status: 'unavailable', media_descriptor: null })
          .where('id', '=', messageId)
          .where('media_status', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await voiceNoteLost(trx, deps.jobs, messageId);
        await announceMessage(trx, messageId, events);
        return true;
      });
    },

    /** Its author edited a message: the new text shows ("editada"); the first words stay for the audit. */
    receiveEdit(edit: InboundEdit): Promise<boolean> {
      return write(async (trx, events) => {
        const target = await findTarget(trx, edit);
        if (!target || target.deleted_at !== null || target.content === edit.text) return false;
        await trx
          .updateTable('messages')
          .set({
            content: edit.text,
            original_content: target.original_content ?? target.content,
            edited_at: edit.timestamp ?? now(),
          })
          .where('id', '=', target.id)
          .execute();
        await refreshPreview(trx, target, edit.text, events);
        await announceMessage(trx, target.id, events);
        return true;
      });
    },

    /**
     * Its author deleted a message for everyone: operators see "mensagem apagada"; the words stay in
     * `original_content` for the audit (and the customer's data export), never in the conversation.
     */
    receiveDeletion(deletion: InboundDeletion): Promise<boolean> {
      return write(async (trx, events) => {
        const target = await findTarget(trx, deletion);
        if (!target || target.deleted_at !== null) return false;
        await trx
          .updateTable('messages')
          .set({
            content: '',
            original_content: target.original_content ?? target.content,
            deleted_at: deletion.timestamp ?? now(),
          })
          .where('id', '=', target.id)
          .execute();
        await refreshPreview(trx, target, DELETED_PREVIEW, events);
        await announceMessage(trx, target.id, events);
        return true;
      });
    },
  };
}
