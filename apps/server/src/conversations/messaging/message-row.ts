import {
  type Evidence,
  type Message,
  type MessageClarification,
  messageClarificationSchema,
  type ReactionSender,
  type Reactions,
} from '@atende/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';

export type MessageRow = Selectable<MessagesTable>;
type Db = Kysely<Database> | Transaction<Database>;

interface ReactionRow {
  message_id: string;
  sender: ReactionSender;
  emoji: string;
}

/**
 * Spec §3 shape: emoji → `{ senders: [{ sender }] }`. Grouped in a Map and built with
 * `Object.fromEntries`: the emoji is outside input, and on a `{}` a key such as `constructor` or
 * `__proto__` reads an inherited value instead of a missing entry.
 */
export function toReactions(rows: readonly Omit<ReactionRow, 'message_id'>[]): Reactions {
  const byEmoji = new Map<string, Reactions[string]>();
  for (const row of rows) {
    const entry = byEmoji.get(row.emoji) ?? { senders: [] };
    entry.senders.push({ sender: row.sender });
    byEmoji.set(row.emoji, entry);
  }
  return Object.fromEntries(byEmoji);
}

function parseEvidence(text: string): Evidence[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as Evidence[]) : [];
  } catch {
    return [];
  }
}

/** A stored clarification, or null when there is none or it does not read as one. */
function parseClarification(text: string | null): MessageClarification | null {
  if (text === null) return null;
  try {
    const parsed = messageClarificationSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function toMessage(row: MessageRow, reactions: Reactions = {}): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    sender: row.sender,
    content: row.content,
    type: row.type,
    timestamp: toIso(row.timestamp),
    aiGenerated: row.ai_generated === 1,
    confidenceScore: row.confidence_score,
    // A deleted message shows nothing of what it held (the original is kept for the audit only).
    mediaUrl: row.deleted_at === null ? row.media_url : null,
    mediaMimeType: row.deleted_at === null ? row.media_mime_type : null,
    mediaFileName: row.deleted_at === null ? row.media_file_name : null,
    mediaSize: row.deleted_at === null && row.media_size !== null ? Number(row.media_size) : null,
    replyTo:
      row.reply_to_id && row.reply_to_sender
        ? { id: row.reply_to_id, content: row.reply_to_content ?? '', sender: row.reply_to_sender }
        : null,
    reactions,
    status: row.status,
    statusError:
      row.status === 'failed' && row.status_error
        ? { code: row.status_error_code ?? '', explanation: row.status_error }
        : null,
    authorName: row.author_name,
    evidence: parseEvidence(row.evidence),
    clarification: parseClarification(row.clarification),
    mediaStatus: row.deleted_at === null ? row.media_status : null,
    transcript: row.deleted_at === null ? row.transcript : null,
    transcriptStatus: row.deleted_at === null ? row.transcript_status : null,
    editedAt: row.edited_at === null ? null : toIso(row.edited_at),
    deletedAt: row.deleted_at === null ? null : toIso(row.deleted_at),
  };
}

/** Reactions of many messages in one query. */
export async function loadReactions(db: Db, messageIds: readonly string[]): Promise<Map<string, Reactions>> {
  const byMessage = new Map<string, Reactions>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('reactions')
    .select(['message_id', 'sender', 'emoji'])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .execute();
  const grouped = new Map<string, ReactionRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.message_id) ?? [];
    list.push(row);
    grouped.set(row.message_id, list);
  }
  for (const [id, list] of grouped) byMessage.set(id, toReactions(list));
  return byMessage;
}

/** Rows → contract messages, reactions attached. */
export async function toMessages(db: Db, rows: readonly MessageRow[]): Promise<Message[]> {
  const reactions = await loadReactions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toMessage(row, reactions.get(row.id) ?? {}));
}
