/**
 * What an operator was writing in each conversation, kept in this browser across chat switches and
 * reloads, and cleared on send. A draft remembers whether it was a private note, so reopening a chat
 * never turns a note into a reply to the customer.
 */
export interface Draft {
  text: string;
  isNote: boolean;
}

interface StoredDraft extends Draft {
  /** Date.now() of the last change: the oldest drafts go first when there are too many. */
  at: number;
}

export const DRAFTS_KEY = 'conversation_drafts';
/** Enough for a day of open chats; each is at most a few KB. */
export const MAX_DRAFTS = 50;
/** A draft not touched for a week is forgotten. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function readAll(): Record<string, StoredDraft> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DRAFTS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const drafts: Record<string, StoredDraft> = {};
    for (const [id, value] of Object.entries(parsed as Record<string, unknown>)) {
      const draft = value as Partial<StoredDraft> | null;
      if (draft && typeof draft.text === 'string' && typeof draft.at === 'number') {
        drafts[id] = { text: draft.text, isNote: draft.isNote === true, at: draft.at };
      }
    }
    return drafts;
  } catch (error) {
    console.warn('Falha ao ler os rascunhos do armazenamento local', error);
    return {};
  }
}

function writeAll(drafts: Record<string, StoredDraft>): void {
  try {
    if (Object.keys(drafts).length === 0) localStorage.removeItem(DRAFTS_KEY);
    else localStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
  } catch (error) {
    console.warn('Falha ao gravar o rascunho no armazenamento local', error);
  }
}

/** The draft of a conversation, or null when there is none (or it expired). */
export function getDraft(conversationId: string, now = Date.now()): Draft | null {
  const draft = readAll()[conversationId];
  if (!draft || now - draft.at > DRAFT_TTL_MS) return null;
  return { text: draft.text, isNote: draft.isNote };
}

/** Saves (or, when the text is blank, forgets) a conversation's draft; keeps the newest MAX_DRAFTS. */
export function saveDraft(conversationId: string, draft: Draft, now = Date.now()): void {
  const drafts = readAll();
  if (draft.text.trim() === '') delete drafts[conversationId];
  else drafts[conversationId] = { text: draft.text, isNote: draft.isNote, at: now };
  const kept = Object.entries(drafts)
    .filter(([, d]) => now - d.at <= DRAFT_TTL_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_DRAFTS);
  writeAll(Object.fromEntries(kept));
}

export function clearDraft(conversationId: string): void {
  const drafts = readAll();
  if (!(conversationId in drafts)) return;
  delete drafts[conversationId];
  writeAll(drafts);
}
