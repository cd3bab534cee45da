import { type CannedReply, fillCannedReply, type Macro } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCannedReplies } from '@/lib/api/get-canned-replies';
import { useMacros } from '@/lib/api/get-macros';
import { useAuth } from '@/lib/session';
import { conversationsKey } from '../api/get-conversations';
import { normalizeText } from '../lib/conversation-filters';
import { useRunMacroOn } from './use-run-macro-on';
import { useSuggestionList } from './use-suggestion-list';

const MAX_SHOWN = 8;
const MAX_MACROS = 5;

/** One line of the `/` menu: a canned reply to insert, or a macro to run. `id` names its option. */
export type SlashItem =
  | { kind: 'reply'; id: string; reply: CannedReply }
  | { kind: 'macro'; id: string; macro: Macro };

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
 * (shortcut or text), then the macros whose name matches; ↑/↓ move, Enter or Tab insert the reply
 * (with {nome} and {atendente} filled) or run the macro on the conversation (the `/…` typed is
 * cleared), Esc closes.
 */
export function useCannedReplyPicker(
  text: string,
  conversationId: string | null,
  onPick: (value: string) => void,
) {
  const replies = useCannedReplies().data ?? [];
  const macros = useMacros({ enabled: Boolean(conversationId) }).data;
  const macroRunner = useRunMacroOn(conversationId);
  const { user } = useAuth();
  const clientName = useClientName(conversationId);
  const query = /^\/(\S*)$/.exec(text)?.[1];
  const items = useMemo((): SlashItem[] => {
    if (query === undefined) return [];
    const needle = normalizeText(query);
    const matchingReplies = replies
      .filter((r) => r.shortcut.includes(needle) || normalizeText(r.content).includes(needle))
      .slice(0, MAX_SHOWN)
      .map((reply): SlashItem => ({ kind: 'reply', id: reply.id, reply }));
    const matchingMacros = (macros ?? [])
      .filter((m) => normalizeText(m.name).includes(needle))
      .slice(0, MAX_MACROS)
      .map((macro): SlashItem => ({ kind: 'macro', id: `macro-${macro.id}`, macro }));
    return [...matchingReplies, ...matchingMacros];
  }, [query, replies, macros]);
  const list = useSuggestionList({
    items,
    dismissKey: text,
    onPick: (item: SlashItem) => {
      if (item.kind === 'macro') {
        onPick('');
        macroRunner.start(item.macro);
      } else {
        onPick(fillCannedReply(item.reply.content, { nome: clientName, atendente: user?.name }));
      }
    },
  });

  return { ...list, items };
}
