import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import type { CsvValue } from '../../lib/csv.js';

type Db = Kysely<Database>;

const SENDER_LABELS = new Map([
  ['client', 'Cliente'],
  ['agent', 'Agente'],
  ['admin', 'Admin'],
]);

/**
 * Everything we hold about one client (LGPD "acesso aos dados"): profile, conversations, messages
 * with their reactions, and the audit entries that name them. Null when the client is unknown.
 */
export async function clientDataBundle(db: Db, clientId: string) {
  const client = await db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
  if (!client) return null;
  const conversations = await db
    .selectFrom('conversations')
    .select(['id', 'status', 'started_at', 'message_count', 'tags', 'converted_at', 'handler_mode'])
    .where('client_id', '=', clientId)
    .orderBy('started_at')
    .execute();
  const ids = conversations.map((c) => c.id);
  const messages = ids.length
    ? await db
        .selectFrom('messages')
        .select([
          'id',
          'conversation_id',
          'sender',
          'type',
          'content',
          'timestamp',
          'media_url',
          'media_mime_type',
          'status',
        ])
        .where('conversation_id', 'in', ids)
        .orderBy('timestamp')
        .execute()
    : [];
  const reactions = messages.length
    ? await db
        .selectFrom('reactions')
        .select(['message_id', 'sender', 'emoji', 'created_at'])
        .where(
          'message_id',
          'in',
          messages.map((m) => m.id),
        )
        .execute()
    : [];
  return {
    exportedAt: new Date().toISOString(),
    client: {
      id: client.id,
      name: client.name,
      phone: client.phone,
      email: client.email,
      avatar: client.avatar,
      notes: client.notes,
      totalMessages: Number(client.total_messages),
      lastContact: client.last_contact === null ? null : toIso(Number(client.last_contact)),
      createdAt: toIso(Number(client.created_at)),
      erasedAt: client.erased_at === null ? null : toIso(Number(client.erased_at)),
    },
    conversations: conversations.map((c) => ({
      id: c.id,
      status: c.status,
      startedAt: toIso(Number(c.started_at)),
      messageCount: Number(c.message_count),
      convertedAt: c.converted_at === null ? null : toIso(Number(c.converted_at)),
      handler: c.handler_mode,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      conversationId: m.conversation_id,
      sender: m.sender,
      type: m.type,
      content: m.content,
      timestamp: toIso(Number(m.timestamp)),
      mediaUrl: m.media_url,
      mediaMimeType: m.media_mime_type,
      status: m.status,
    })),
    reactions: reactions.map((r) => ({
      messageId: r.message_id,
      sender: r.sender,
      emoji: r.emoji,
      at: toIso(Number(r.created_at)),
    })),
  };
}

export type ClientDataBundle = NonNullable<Awaited<ReturnType<typeof clientDataBundle>>>;

export const CLIENT_MESSAGES_CSV_HEADER = ['Data', 'Conversa', 'Quem', 'Tipo', 'Mensagem', 'Status'];

/** The bundle's messages as CSV rows (the spreadsheet half of the export). */
export async function* clientMessageRows(bundle: ClientDataBundle): AsyncGenerator<readonly CsvValue[]> {
  for (const m of bundle.messages) {
    yield [
      new Date(m.timestamp),
      m.conversationId,
      SENDER_LABELS.get(m.sender) ?? m.sender,
      m.type,
      m.content,
      m.status,
    ];
  }
}
