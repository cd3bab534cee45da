import type { AssigneeFilter, Conversation, ConversationStatusFilter, HandlerMode } from '@atende/contracts';
import { getAuthState } from '@/lib/session';
import { matchesStatusFilter } from './conversation-status';

export interface ConversationFilters {
  search: string;
  status: ConversationStatusFilter;
  handler: HandlerMode | null;
  /** Label ids (the inbox's label control). A row must carry every tag listed. */
  tags: readonly string[];
  /** "minhas" (held by me), "não atribuídas" (held by nobody) or "todas". */
  assignee?: AssigneeFilter;
  /** One inbox (connected number) only; null for all. */
  inboxId?: string | null;
}

/** Open conversations first: the work of the day (finished ones are a filter away). */
export const DEFAULT_FILTERS: ConversationFilters = {
  search: '',
  status: 'active',
  handler: null,
  tags: [],
  assignee: 'all',
  inboxId: null,
};

/** Whether a row matches the assignee filter for the signed-in user. */
export function matchesAssignee(
  row: Conversation,
  assignee: AssigneeFilter | undefined,
  userId: string | null,
): boolean {
  const held = row.handler.mode === 'human';
  if (assignee === 'me') return held && row.handler.userId === userId;
  if (assignee === 'none') return !held;
  return true;
}

/** Lower-case and strip accents, so 'joão' matches 'Joao'. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Normalised search text per row object; rows are immutable cache entries, so a WeakMap is safe. */
const searchTextCache = new WeakMap<Conversation, string>();

function searchTextOf(row: Conversation): string {
  let text = searchTextCache.get(row);
  if (text === undefined) {
    text = [row.clientId, row.clientName ?? '', row.lastMessage ?? ''].map(normalizeText).join('\n');
    searchTextCache.set(row, text);
  }
  return text;
}

/** Search over client id, client name and last-message text. */
export function matchesSearch(row: Conversation, search: string): boolean {
  const needle = normalizeText(search);
  if (!needle) return true;
  return searchTextOf(row).includes(needle);
}

export function matchesFilters(row: Conversation, filters: ConversationFilters): boolean {
  if (!matchesStatusFilter(row, filters.status)) return false;
  if (filters.handler && row.handler.mode !== filters.handler) return false;
  if (filters.inboxId && row.inboxId !== filters.inboxId) return false;
  if (filters.tags.length > 0 && !filters.tags.every((tag) => row.tags.includes(tag))) return false;
  if (!matchesAssignee(row, filters.assignee, getAuthState().user?.id ?? null)) return false;
  return matchesSearch(row, filters.search);
}

/** Filters already-loaded rows at once (the server query follows, debounced). */
export function filterConversations(
  rows: readonly Conversation[],
  filters: ConversationFilters,
): Conversation[] {
  return rows.filter((row) => matchesFilters(row, filters));
}

export function sameFilters(a: ConversationFilters, b: ConversationFilters): boolean {
  return (
    a.search.trim() === b.search.trim() &&
    a.status === b.status &&
    a.handler === b.handler &&
    (a.assignee ?? 'all') === (b.assignee ?? 'all') &&
    (a.inboxId ?? null) === (b.inboxId ?? null) &&
    a.tags.join(',') === b.tags.join(',')
  );
}
