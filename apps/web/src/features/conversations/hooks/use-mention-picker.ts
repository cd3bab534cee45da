import type { TeamMember } from '@atende/contracts';
import { useMemo } from 'react';
import { useTeamMembers } from '@/lib/api/get-team-members';
import {
  findMentionQuery,
  insertMention,
  isFinishedMention,
  type MentionQuery,
  suggestMembers,
} from '../lib/mentions';
import { useSuggestionList } from './use-suggestion-list';

/**
 * Typing `@` in a private note lists the team (by name, accents ignored); ↑/↓ move, Enter or Tab
 * insert `@Nome `, Esc closes. The textarea keeps the focus (the list is its active descendant).
 */
export function useMentionPicker({
  text,
  caret,
  isEnabled,
  myId,
  onInsert,
}: {
  text: string;
  caret: number;
  isEnabled: boolean;
  myId: string | null;
  onInsert: (text: string, caret: number) => void;
}) {
  const team = useTeamMembers({ enabled: isEnabled }).data;
  const mention: MentionQuery | null = isEnabled ? findMentionQuery(text, caret) : null;
  const query = mention?.query ?? null;
  const items = useMemo(
    () =>
      query !== null && team && !isFinishedMention(query, team)
        ? suggestMembers(team, query, { excludeId: myId })
        : [],
    [query, team, myId],
  );
  const list = useSuggestionList({
    items,
    dismissKey: mention ? `${mention.start}:${mention.query}` : null,
    onPick: (member: TeamMember) => {
      if (!mention) return;
      const next = insertMention(text, mention, member.name);
      onInsert(next.text, next.caret);
    },
  });

  return { ...list, items };
}
