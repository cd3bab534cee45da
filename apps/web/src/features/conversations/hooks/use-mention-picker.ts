import type { TeamMember } from '@atende/contracts';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTeamMembers } from '@/lib/api/get-team-members';
import {
  findMentionQuery,
  insertMention,
  isFinishedMention,
  type MentionQuery,
  suggestMembers,
} from '../lib/mentions';

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
  const [index, setIndex] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const mention: MentionQuery | null = isEnabled ? findMentionQuery(text, caret) : null;
  const query = mention?.query ?? null;
  const items = useMemo(
    () =>
      query !== null && team && !isFinishedMention(query, team)
        ? suggestMembers(team, query, { excludeId: myId })
        : [],
    [query, team, myId],
  );
  const dismissKey = mention ? `${mention.start}:${mention.query}` : null;
  const isOpen = items.length > 0 && dismissed !== dismissKey;
  const active = Math.min(index, Math.max(items.length - 1, 0));

  const pick = (member: TeamMember) => {
    if (!mention) return;
    const next = insertMention(text, mention, member.name);
    onInsert(next.text, next.caret);
    setIndex(0);
  };

  /** Handles the key while the list is open; true when it did. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!isOpen) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setIndex((active + step + items.length) % items.length);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const member = items[active];
      if (member) pick(member);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(dismissKey);
      return true;
    }
    return false;
  };

  return { isOpen, items, active, pick, onKeyDown, setIndex };
}
