import type { Availability, Conversation, TeamMember } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronRight, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { AvailabilityDot } from '@/components/ui';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useTeamMembers } from '@/lib/api/get-team-members';
import { formatCount } from '@/lib/format';
import { useAssignConversation } from '../api/assign-conversation';
import { headerMenuSeparator } from './header-menu';

interface Props {
  conversation: Conversation;
  itemClassName: string;
}

const AVAILABILITY_ORDER: Record<Availability, number> = { online: 0, away: 1, busy: 2, offline: 3 };

/** Who can take it now first (online, then away, busy, offline), the least loaded first within each. */
export function orderForAssignment(members: readonly TeamMember[]): TeamMember[] {
  return [...members].sort(
    (a, b) =>
      AVAILABILITY_ORDER[a.availability] - AVAILABILITY_ORDER[b.availability] ||
      a.openConversations - b.openConversations ||
      a.name.localeCompare(b.name, 'pt-BR'),
  );
}

/**
 * "Atribuir a" (admins): hands the conversation to a team member, each shown with their availability
 * and how many open conversations they hold. A submenu whose team is refreshed when it opens; on a
 * phone, where a submenu has no room beside the menu, the team is listed in the menu itself.
 */
export function AssignMenu({ conversation, itemClassName }: Props) {
  const narrow = useMediaQuery('(max-width: 639px)');
  const [opened, setOpened] = useState(false);
  const members = useTeamMembers({ enabled: opened || narrow });
  const assign = useAssignConversation();
  const holder = conversation.handler.mode === 'human' ? conversation.handler.userId : null;

  const team = (
    <>
      {members.isPending && (
        <p className="px-2.5 py-2 text-slate-500 text-sm dark:text-slate-400">Carregando…</p>
      )}
      {members.isError && (
        <p className="px-2.5 py-2 text-red-600 text-sm dark:text-red-400">Erro ao carregar a equipe</p>
      )}
      {orderForAssignment(members.data ?? []).map((member) => (
        <DropdownMenu.Item
          key={member.id}
          className={itemClassName}
          disabled={assign.isPending || member.id === holder}
          onSelect={() => assign.mutate({ conversationId: conversation.id, userId: member.id })}
          data-testid="assign-member"
        >
          <AvailabilityDot availability={member.availability} />
          <span className="min-w-0 flex-1 truncate">{member.name}</span>
          <span className="shrink-0 text-slate-400 text-xs tabular-nums dark:text-slate-500">
            {formatCount(member.openConversations, 'aberta', 'abertas')}
          </span>
          {member.id === holder && (
            <Check aria-label="Atendendo agora" className="size-4 text-indigo-600 dark:text-indigo-400" />
          )}
        </DropdownMenu.Item>
      ))}
    </>
  );

  if (narrow) {
    return (
      <DropdownMenu.Group aria-label="Atribuir a">
        <DropdownMenu.Separator className={headerMenuSeparator} />
        <DropdownMenu.Label className="flex items-center gap-2 px-2.5 pt-1.5 pb-1 font-medium text-slate-500 text-xs dark:text-slate-400">
          <UserPlus aria-hidden="true" className="size-3.5" /> Atribuir a
        </DropdownMenu.Label>
        {team}
        <DropdownMenu.Separator className={headerMenuSeparator} />
      </DropdownMenu.Group>
    );
  }
  return (
    <DropdownMenu.Sub
      onOpenChange={(open) => {
        if (!open) return;
        // Loads change all day: the counts shown are the ones of now.
        if (opened) void members.refetch();
        setOpened(true);
      }}
    >
      <DropdownMenu.SubTrigger className={itemClassName}>
        <UserPlus aria-hidden="true" className="size-4" /> Atribuir a
        <ChevronRight aria-hidden="true" className="ml-auto size-4 text-slate-400" />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent
          aria-label="Atribuir a"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-h-80 min-w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {team}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}
