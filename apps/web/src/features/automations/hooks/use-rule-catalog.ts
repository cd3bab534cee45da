import type { CannedReply, Inbox, Label, TeamMember } from '@atende/contracts';
import { useMemo } from 'react';
import { useCannedReplies } from '@/lib/api/get-canned-replies';
import { useInboxes } from '@/lib/api/get-inboxes';
import { useLabels } from '@/lib/api/get-labels';
import { useTeamMembers } from '@/lib/api/get-team-members';
import type { PickerDefaults } from '../lib/rule-items';
import type { RuleNames } from '../lib/rule-sentence';

/** What rules point at (labels, people, inboxes, canned replies): the pickers' options and their names. */
const LOADING = '…';

export interface RuleCatalog {
  labels: Label[];
  members: TeamMember[];
  inboxes: Inbox[];
  cannedReplies: CannedReply[];
  names: RuleNames;
  defaults: PickerDefaults;
}

export function useRuleCatalog(): RuleCatalog {
  const labels = useLabels().data;
  const members = useTeamMembers().data;
  const inboxes = useInboxes().data;
  const cannedReplies = useCannedReplies().data;
  return useMemo(() => {
    const byId = <T extends { id: string }>(list: T[] | undefined) =>
      new Map((list ?? []).map((i) => [i.id, i]));
    const labelMap = byId(labels);
    const memberMap = byId(members);
    const inboxMap = byId(inboxes);
    const replyMap = byId(cannedReplies);
    return {
      labels: labels ?? [],
      members: members ?? [],
      inboxes: inboxes ?? [],
      cannedReplies: cannedReplies ?? [],
      // While a list loads, its names read "…" (not "removida", which means gone).
      names: {
        label: (id) => (labels ? labelMap.get(id)?.name : LOADING),
        person: (id) => (members ? memberMap.get(id)?.name : LOADING),
        inbox: (id) => (inboxes ? inboxMap.get(id)?.name : LOADING),
        cannedReply: (id) => (cannedReplies ? replyMap.get(id)?.shortcut : LOADING),
      },
      defaults: {
        labelId: labels?.[0]?.id ?? '',
        userId: members?.[0]?.id ?? '',
        inboxId: inboxes?.[0]?.id ?? '',
        cannedReplyId: cannedReplies?.[0]?.id ?? '',
      },
    };
  }, [labels, members, inboxes, cannedReplies]);
}
