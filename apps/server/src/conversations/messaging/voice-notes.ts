import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { agentReplyJob, voiceTranscribeJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { findConversation, toConversation } from './conversation-row.js';
import { toMessages } from './message-row.js';
import { PendingEvents } from './pending-events.js';
import { conversationSearchText } from './search-text.js';

type Trx = Transaction<Database>;

/** The agent's second look at a voice note, once it was heard (or could not be). */
const heardKey = (messageId: string) => `${agentReplyJob.name}:${messageId}:heard`;

async function clientVoiceNote(trx: Trx, messageId: string) {
  const row = await trx
    .selectFrom('messages')
    .select(['id', 'conversation_id', 'type', 'sender', 'media_url', 'transcript_status'])
    .where('id', '=', messageId)
    .executeTakeFirst();
  return row?.type === 'audio' && row.sender === 'client' ? row : undefined;
}

/**
 * A customer's voice note has its file now: a transcription job is recorded in the same transaction
 * (at most one per message). It shows as "transcrevendo" only while transcription is on; the job
 * itself decides (it reads the setting when it runs) and always lets the agent look again.
 */
export async function voiceNoteArrived(trx: Trx, jobs: JobRunner | undefined, messageId: string) {
  const note = await clientVoiceNote(trx, messageId);
  if (!note || !jobs) return;
  const { enabled } = await getSettings(trx, 'speech-to-text');
  if (enabled) {
    await trx
      .updateTable('messages')
      .set({ transcript_status: 'pending' })
      .where('id', '=', messageId)
      .where('transcript_status', 'is', null)
      .execute();
  }
  await jobs.enqueue(
    trx,
    voiceTranscribeJob,
    { messageId },
    { dedupeKey: `${voiceTranscribeJob.name}:${messageId}` },
  );
}

/** A voice note's file will never come: the agent, which may be waiting for its words, answers as it can. */
export async function voiceNoteLost(trx: Trx, jobs: JobRunner | undefined, messageId: string) {
  const note = await clientVoiceNote(trx, messageId);
  if (!note || !jobs) return;
  await jobs.enqueue(
    trx,
    agentReplyJob,
    { messageId, conversationId: note.conversation_id },
    { dedupeKey: heardKey(messageId) },
  );
}

/**
 * Voice notes' transcripts: what the transcription job reads and writes. The transcript is stored
 * with the message (announced as `message:updated`), searched with the conversation while the voice
 * note is its latest message, and the agent is asked to answer it.
 */
export function voiceNotes(deps: {
  db: Kysely<Database>;
  realtime: Realtime;
  domainEvents: DomainEvents;
  jobs: JobRunner;
}) {
  const { db, jobs } = deps;

  async function write(messageId: string, work: (trx: Trx, events: PendingEvents) => Promise<boolean>) {
    const events = new PendingEvents();
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await work(trx, events))) return false;
      const row = await trx.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirst();
      if (!row) return false;
      const [message] = await toMessages(trx, [row]);
      if (message) events.both(row.conversation_id, 'message:updated', message);
      await jobs.enqueue(
        trx,
        agentReplyJob,
        { messageId, conversationId: row.conversation_id },
        { dedupeKey: heardKey(messageId) },
      );
      return true;
    });
    events.flush(deps);
    if (changed) jobs.wake();
    return changed;
  }

  return {
    voice: {
      /** A customer's voice note with what its transcription needs, or undefined. */
      async note(messageId: string) {
        return db
          .selectFrom('messages')
          .select(['id', 'conversation_id', 'media_url', 'media_mime_type', 'transcript_status', 'timestamp'])
          .where('id', '=', messageId)
          .where('type', '=', 'audio')
          .where('sender', '=', 'client')
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
      },

      /** The provider heard it: the words are kept with the message, shown and searched. */
      heard(messageId: string, transcript: string): Promise<boolean> {
        return write(messageId, async (trx, events) => {
          const updated = await trx
            .updateTable('messages')
            .set({ transcript, transcript_status: 'done' })
            .where('id', '=', messageId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return false;
          await searchable(trx, messageId, transcript, events);
          return true;
        });
      },

      /** It could not be transcribed (for good), or transcription is off: it stays an audio. */
      unheard(messageId: string, status: 'failed' | null): Promise<boolean> {
        return write(messageId, async (trx) => {
          await trx
            .updateTable('messages')
            .set({ transcript_status: status })
            .where('id', '=', messageId)
            .where((eb) =>
              eb.or([eb('transcript_status', 'is', null), eb('transcript_status', '=', 'pending')]),
            )
            .execute();
          return true;
        });
      },
    },
  };
}

/** While the voice note is the conversation's latest message, the conversation is found by its words. */
async function searchable(trx: Trx, messageId: string, transcript: string, events: PendingEvents) {
  const message = await trx
    .selectFrom('messages')
    .select(['conversation_id', 'timestamp', 'content'])
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
  const conversation = await findConversation(trx, message.conversation_id);
  if (!conversation || conversation.last_message_time !== message.timestamp) return;
  const search_text = conversationSearchText({
    clientId: conversation.client_id,
    clientName: conversation.client_name,
    clientPhone: conversation.client_phone,
    lastMessage: `${conversation.last_message ?? message.content}\n${transcript}`,
  });
  await trx.updateTable('conversations').set({ search_text }).where('id', '=', conversation.id).execute();
  events.dashboard('conversation:updated', toConversation(conversation));
}
