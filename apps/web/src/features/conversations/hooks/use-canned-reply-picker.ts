import { type CannedReply, fillCannedReply } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useCannedReplies } from '@/lib/api/get-canned-replies';
import { useAuth } from '@/lib/session';
import { conversationsKey } from '../api/get-conversations';
import { normalizeText } from '../lib/conversation-filters';

const MAX_SHOWN = 8;

/** The client's name of a conversation already in some cache (list rows or the open chat). */
function useClientName(conversationId: string | null): string | null {
  const queryClient = useQueryClient();
  if (!conversationId) return null;
  for (const [, data] of queryClient.getQueriesData<{ pages?: Array<Record<string, unknown>> }>({
    queryKey: conversationsKey,
  })) {
    for (const page of data?.pages ?? []) {
      const rows = (page.rows as Array<{ id: string; clientName: string | null }> | undefined) ?? [];
      const chat = page.conversation as { id: string; clientName: string | null } | null | undefined;
      const found = chat?.id === conversationId ? chat : rows.find((row) => row.id === conversationId);
      if (found) return found.clientName;
    }
  }
  return null;
}

/**
 * Typing `/` at the start of the composer opens the canned replies, filtered by what follows
 * (shortcut or text); ↑/↓ move, Enter or Tab insert (with {nome} and {atendente} filled), Esc closes.
 */
export function useCannedReplyPicker(
  text: string,
  conversationId: string | null,
  onPick: (value: string) => void,
) {
  const replies = useCannedReplies().data ?? [];
  const { user } = useAuth();
  const clientName = useClientName(conversationId);
  const [index, setIndex] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = /^\/(\S*)$/.exec(text)?.[1];
  const items = useMemo(() => {
    if (query === undefined) return [];
    const needle = normalizeText(query);
    return replies
      .filter((r) => r.shortcut.includes(needle) || normalizeText(r.content).includes(needle))
      .slice(0, MAX_SHOWN);
  }, [query, replies]);
  const open = items.length > 0 && dismissed !== text;
  const active = Math.min(index, Math.max(items.length - 1, 0));

  const pick = (reply: CannedReply) => {
    onPick(fillCannedReply(reply.content, { nome: clientName, atendente: user?.name }));
    setIndex(0);
  };

  /** Handles the key when the picker is open; true when it did. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setIndex((active + step + items.length) % items.length);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const reply = items[active];
      if (reply) pick(reply);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(text);
      return true;
    }
    return false;
  };

  return { open, items, active, pick, onKeyDown, setIndex };
}
