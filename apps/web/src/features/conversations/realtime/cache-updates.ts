import type {
  Conversation,
  DeliveryStatus,
  Handler,
  Message,
  Reactions,
  StatusError,
  TimelineEntry,
} from '@atende/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { conversationMessagesKey, type MessagesCache } from '../api/get-conversation';
import type { ConversationsCache, ConversationsQuery } from '../api/get-conversations';
import { conversationsListBaseKey } from '../api/get-conversations';
import { timelineKey } from '../api/get-timeline';
import { matchesFilters } from '../lib/conversation-filters';
import { cleanReactions } from '../lib/reactions';

/* Pure updaters of the two caches (list pages, one conversation's message pages). */

/** Inserts or replaces a message by id (no duplicate bubble when our own message also arrives as an event). */
export function upsertMessageInPages(cache: MessagesCache, message: Message, replace = true): MessagesCache {
  let found = false;
  const pages = cache.pages.map((page) => {
    const index = page.messages.findIndex((m) => m.id === message.id);
    if (index < 0) return page;
    found = true;
    if (!replace) return page;
    const messages = page.messages.slice();
    messages[index] = message;
    return { ...page, messages };
  });
  if (found) return { ...cache, pages };
  const lastIndex = pages.length - 1;
  const last = pages[lastIndex];
  if (!last) return cache;
  pages[lastIndex] = { ...last, messages: [...last.messages, message] };
  return { ...cache, pages };
}

export function updateMessageInPages(
  cache: MessagesCache,
  messageId: string,
  update: (message: Message) => Message,
): MessagesCache {
  return {
    ...cache,
    pages: cache.pages.map((page) =>
      page.messages.some((m) => m.id === messageId)
        ? { ...page, messages: page.messages.map((m) => (m.id === messageId ? update(m) : m)) }
        : page,
    ),
  };
}

export function updateRowInPages(
  cache: ConversationsCache,
  conversationId: string,
  update: (row: Conversation) => Conversation,
  moveToTop = false,
): { cache: ConversationsCache; found: boolean } {
  let updated: Conversation | null = null;
  let pages = cache.pages.map((page) => {
    const index = page.rows.findIndex((r) => r.id === conversationId);
    if (index < 0) return page;
    const row = page.rows[index]!;
    updated = update(row);
    const rows = page.rows.slice();
    if (moveToTop) rows.splice(index, 1);
    else rows[index] = updated;
    return { ...page, rows };
  });
  if (!updated) return { cache, found: false };
  if (moveToTop) pages = prependToPages(pages, updated);
  return { cache: { ...cache, pages }, found: true };
}

function prependToPages(pages: ConversationsCache['pages'], row: Conversation): ConversationsCache['pages'] {
  const [first, ...rest] = pages;
  if (!first) return pages;
  return [{ ...first, rows: [row, ...first.rows] }, ...rest];
}

export function prependRowInPages(cache: ConversationsCache, row: Conversation): ConversationsCache {
  const pages = prependToPages(cache.pages, row);
  const first = pages[0];
  if (first) pages[0] = { ...first, total: first.total + 1 };
  return { ...cache, pages };
}

/** Takes a row out of a list's pages; the list's count goes down with it. */
export function removeRowFromPages(
  cache: ConversationsCache,
  conversationId: string,
): { cache: ConversationsCache; found: boolean } {
  if (!findRow(cache, (r) => r.id === conversationId)) return { cache, found: false };
  const pages = cache.pages.map((page, index) => ({
    ...page,
    rows: page.rows.filter((r) => r.id !== conversationId),
    total: index === 0 ? Math.max(0, page.total - 1) : page.total,
  }));
  return { cache: { ...cache, pages }, found: true };
}

export function findRow(cache: ConversationsCache | undefined, predicate: (row: Conversation) => boolean) {
  for (const page of cache?.pages ?? []) {
    const row = page.rows.find(predicate);
    if (row) return row;
  }
  return null;
}

/* QueryClient-level helpers: apply one change to every list cache and to the open chat. */

function listEntries(qc: QueryClient) {
  return qc.getQueriesData<ConversationsCache>({ queryKey: conversationsListBaseKey });
}

function filtersOfKey(key: readonly unknown[]): ConversationsQuery | null {
  const filters = key[2] as ConversationsQuery | undefined;
  return filters ?? null;
}

/** Patches a conversation wherever it is cached (list rows and the chat's conversation). */
export function patchConversation(
  qc: QueryClient,
  conversationId: string,
  update: (row: Conversation) => Conversation,
  moveToTop = false,
): boolean {
  let found = false;
  for (const [key, cache] of listEntries(qc)) {
    if (!cache) continue;
    const result = updateRowInPages(cache, conversationId, update, moveToTop);
    if (result.found) {
      found = true;
      qc.setQueryData(key, result.cache);
    }
  }
  qc.setQueryData<MessagesCache>(conversationMessagesKey(conversationId), (cache) =>
    cache
      ? {
          ...cache,
          pages: cache.pages.map((p) =>
            p.conversation ? { ...p, conversation: update(p.conversation) } : p,
          ),
        }
      : cache,
  );
  return found;
}

/** Puts a conversation first in every list whose filters it matches (created by a new message). */
export function insertConversation(qc: QueryClient, row: Conversation): void {
  for (const [key, cache] of listEntries(qc)) {
    if (!cache || findRow(cache, (r) => r.id === row.id)) continue;
    const filters = filtersOfKey(key);
    if (filters && !matchesFilters(row, { ...filters, tags: filters.tags ?? [] })) continue;
    qc.setQueryData(key, prependRowInPages(cache, row));
  }
}

/**
 * A full row from the server (`conversation:updated`): replace it, or put it first if it is newer; a
 * list it no longer belongs in (resolved under "Ativas", archived, taken by someone else under "Minhas")
 * loses it, so its count always equals its rows. `anywhere` puts it in every list it matches, not only
 * when it is the newest (a row the viewer just moved there).
 */
export function upsertConversation(qc: QueryClient, row: Conversation, anywhere = false): void {
  for (const [key, cache] of listEntries(qc)) {
    if (!cache) continue;
    const existing = findRow(cache, (r) => r.id === row.id);
    const filters = filtersOfKey(key);
    const matches = !filters || matchesFilters(row, { ...filters, tags: filters.tags ?? [] });
    if (existing) {
      // The unread count is the viewer's own: a row from an event does not carry it.
      const next = row.unreadCount === undefined ? { ...row, unreadCount: existing.unreadCount } : row;
      const newer = (existing.lastMessageTime ?? '') < (row.lastMessageTime ?? '');
      qc.setQueryData(
        key,
        matches
          ? updateRowInPages(cache, row.id, () => next, newer).cache
          : removeRowFromPages(cache, row.id).cache,
      );
      continue;
    }
    const top = cache.pages[0]?.rows[0];
    if (matches && (anywhere || !top || (top.lastMessageTime ?? '') <= (row.lastMessageTime ?? ''))) {
      qc.setQueryData(key, prependRowInPages(cache, row));
    }
  }
  patchConversation(qc, row.id, (current) =>
    row.unreadCount === undefined ? { ...row, unreadCount: current.unreadCount } : row,
  );
}

/** The answer of a person's action (resolve, snooze, archive…): the row moves where it now belongs. */
export function placeConversation(qc: QueryClient, row: Conversation): void {
  upsertConversation(qc, row, true);
}

/** A deleted conversation leaves every list. */
export function removeConversation(qc: QueryClient, conversationId: string): void {
  for (const [key, cache] of listEntries(qc)) {
    if (!cache) continue;
    const result = removeRowFromPages(cache, conversationId);
    if (result.found) qc.setQueryData(key, result.cache);
  }
  qc.removeQueries({ queryKey: conversationMessagesKey(conversationId) });
  qc.removeQueries({ queryKey: timelineKey(conversationId) });
}

/** A note or system line into its conversation's transcript, once (the POST answer and its echo). */
export function appendTimelineEntry(qc: QueryClient, entry: TimelineEntry): void {
  qc.setQueryData<TimelineEntry[]>(timelineKey(entry.conversationId), (entries) =>
    entries && !entries.some((e) => e.id === entry.id) ? [...entries, entry] : entries,
  );
}

export function findConversation(
  qc: QueryClient,
  predicate: (row: Conversation) => boolean,
): Conversation | null {
  for (const [, cache] of listEntries(qc)) {
    const row = findRow(cache, predicate);
    if (row) return row;
  }
  return null;
}

export function upsertMessage(qc: QueryClient, message: Message, replace = true): void {
  qc.setQueryData<MessagesCache>(conversationMessagesKey(message.conversationId), (cache) =>
    cache ? upsertMessageInPages(cache, message, replace) : cache,
  );
}

export function setReactions(
  qc: QueryClient,
  conversationId: string,
  messageId: string,
  reactions: Reactions,
) {
  qc.setQueryData<MessagesCache>(conversationMessagesKey(conversationId), (cache) =>
    cache
      ? updateMessageInPages(cache, messageId, (m) => ({ ...m, reactions: cleanReactions(reactions) }))
      : cache,
  );
}

/** A stored message changed (its media arrived, it was edited or deleted): the bubble shows it as it is. */
export function replaceMessage(qc: QueryClient, message: Message) {
  qc.setQueryData<MessagesCache>(conversationMessagesKey(message.conversationId), (cache) =>
    cache
      ? updateMessageInPages(cache, message.id, () => ({
          ...message,
          reactions: cleanReactions(message.reactions),
        }))
      : cache,
  );
}

export function setMessageStatus(
  qc: QueryClient,
  conversationId: string,
  messageId: string,
  status: DeliveryStatus,
  statusError?: StatusError | null,
) {
  qc.setQueryData<MessagesCache>(conversationMessagesKey(conversationId), (cache) =>
    cache
      ? updateMessageInPages(cache, messageId, (m) => ({
          ...m,
          status,
          ...(statusError ? { statusError } : {}),
        }))
      : cache,
  );
}

/**
 * A change told by an event (status, who answers): the row is changed where it is, and leaves the lists
 * it no longer belongs in (a finished one under "Ativas", a taken one under "Não atribuídas").
 */
export function reviseConversation(
  qc: QueryClient,
  conversationId: string,
  update: (row: Conversation) => Conversation,
): void {
  const chat = qc
    .getQueryData<MessagesCache>(conversationMessagesKey(conversationId))
    ?.pages.find((p) => p.conversation)?.conversation;
  const current = findConversation(qc, (row) => row.id === conversationId) ?? chat ?? null;
  if (current) upsertConversation(qc, update(current));
}

export function setHandler(qc: QueryClient, conversationId: string, handler: Handler, isAiHandled: boolean) {
  reviseConversation(qc, conversationId, (row) => ({ ...row, handler, isAiHandled }));
}

/* Each message is counted once in the list, whether it arrives by the POST answer or by events. */
const countedMessageIds = new Set<string>();
const COUNTED_LIMIT = 5000;

export function markCounted(messageId: string): boolean {
  if (countedMessageIds.has(messageId)) return false;
  countedMessageIds.add(messageId);
  if (countedMessageIds.size > COUNTED_LIMIT) {
    const oldest = countedMessageIds.values().next().value;
    if (oldest !== undefined) countedMessageIds.delete(oldest);
  }
  return true;
}

/**
 * A whole message (a send's answer, `conversations:newMessage`) into its chat, by id so it shows once, and
 * into the list. `replace` false keeps a copy already there.
 */
export function applyMessage(qc: QueryClient, message: Message, replace = true): void {
  upsertMessage(qc, message, replace);
  applyIncomingToList(qc, {
    conversationId: message.conversationId,
    clientId: null,
    messageId: message.id,
    content: message.content,
    timestamp: message.timestamp,
  });
}

export interface IncomingMessage {
  conversationId: string;
  clientId: string | null;
  messageId: string;
  content: string;
  timestamp: string;
}

/**
 * A message for an existing conversation is appended and sets it active (moved first);
 * a message for an unknown client creates a conversation: active, count 1, AI-handled, first.
 */
export function applyIncomingToList(qc: QueryClient, incoming: IncomingMessage): void {
  if (!markCounted(incoming.messageId)) return;
  const found = patchConversation(
    qc,
    incoming.conversationId,
    (row) =>
      // A full row from the server (`conversation:updated`) may already include this message.
      (row.lastMessageTime ?? '') >= incoming.timestamp
        ? { ...row, status: 'active' }
        : {
            ...row,
            status: 'active',
            lastMessage: incoming.content,
            lastMessageTime: incoming.timestamp,
            messageCount: row.messageCount + 1,
          },
    true,
  );
  if (found || !incoming.clientId) return;
  const clientId = incoming.clientId;
  if (findConversation(qc, (r) => r.clientId === clientId)) return;
  insertConversation(qc, {
    id: incoming.conversationId,
    clientId,
    startedAt: incoming.timestamp,
    status: 'active',
    lastMessage: incoming.content,
    lastMessageTime: incoming.timestamp,
    messageCount: 1,
    averageResponseTime: null,
    sentimentScore: null,
    isAiHandled: true,
    tags: [],
    handler: { mode: 'ai', userId: null, userName: null, since: incoming.timestamp, reason: null },
    clientName: null,
    clientPhone: null,
    // Not in the short event: a list filtered by inbox waits for the full row (`conversation:updated`).
    inboxId: '',
  });
}
