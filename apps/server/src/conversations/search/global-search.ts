import type { Conversation, GlobalSearchResult } from '@atende/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import { containsPattern } from '../../lib/like-pattern.js';
import type { ListConversationsFilter } from '../messaging/conversation-queries.js';
import { normalizeSearch } from '../messaging/search-text.js';
import type { ConversationScope } from '../visibility/visibility.service.js';
import { containsIgnoringAccents } from './accent-insensitive.js';

/** A query that reads as a phone number ("+55 (11) 97700-1002") is searched by its digits. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;
const MIN_PHONE_DIGITS = 4;

export function phoneDigitsOf(query: string): string | null {
  if (!PHONE_LIKE.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= MIN_PHONE_DIGITS ? digits : null;
}

/**
 * The top search: clients, conversations and messages, each filtered by the viewer's scope (a client
 * whose every conversation is hidden, a hidden conversation and its messages never show).
 */
export async function globalSearch(
  db: Kysely<Database>,
  kind: DatabaseKind,
  conversations: {
    listConversations(filter: ListConversationsFilter): Promise<{ conversations: Conversation[] }>;
  },
  scope: ConversationScope,
  query: string,
  limit: number,
): Promise<GlobalSearchResult> {
  const term = query.trim();
  const digits = phoneDigitsOf(term);
  const pattern = containsPattern(term.toLowerCase());
  const holds = containsIgnoringAccents(term, kind);
  const lowerLike = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

  const clientsQuery = db
    .selectFrom('clients as k')
    .select(['k.id', 'k.name', 'k.phone', 'k.email'])
    .where((eb) =>
      eb.or([
        // Accents and case aside: "joao" finds João.
        sql<SqlBool>`k.search_name like ${containsPattern(normalizeSearch(term))} escape '\\'`,
        lowerLike('k.email'),
        ...(digits ? [eb('k.phone', 'like', containsPattern(digits))] : []),
      ]),
    )
    .$if(scope.limited, (q) => q.where(scope.clientWhere('k')))
    .orderBy('k.last_contact', 'desc')
    .orderBy('k.id')
    .limit(limit)
    .execute();

  const messagesQuery = db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('clients as k', 'k.id', 'c.client_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender',
      'm.content',
      'm.transcript',
      'm.timestamp',
      'k.name',
      'k.phone',
    ])
    .where('m.deleted_at', 'is', null)
    // Accents aside, as customers type ("nao" finds "não"); a voice note by what was said in it.
    .where((eb) => eb.or([holds('m.content'), holds('m.transcript')]))
    .$if(scope.limited, (q) => q.where(scope.where('c')))
    .orderBy('m.timestamp', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();

  const [clients, messages, page] = await Promise.all([
    clientsQuery,
    messagesQuery,
    conversations.listConversations({ status: 'all', search: digits ?? term, visible: scope, limit }),
  ]);

  return {
    clients: clients.map((k) => ({
      id: k.id,
      name: k.name ?? k.phone ?? k.id,
      phone: k.phone,
      email: k.email,
    })),
    conversations: page.conversations.map((c) => ({
      id: c.id,
      clientId: c.clientId,
      clientName: c.clientName ?? c.clientPhone ?? c.clientId,
      clientPhone: c.clientPhone,
      lastMessage: c.lastMessage,
      lastMessageTime: c.lastMessageTime,
      status: c.status,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      conversationId: m.conversation_id,
      clientName: m.name ?? m.phone ?? '',
      sender: m.sender,
      content: m.transcript ? `🎤 ${m.transcript}` : m.content,
      timestamp: toIso(m.timestamp),
    })),
  };
}
