import type { Conversation } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronRight, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useAssignableUsers, useAssignConversation } from '../api/assign-conversation';

interface Props {
  conversation: Conversation;
  itemClassName: string;
}

const separator = 'my-1 h-px bg-slate-200 dark:bg-slate-800';

/**
 * "Atribuir a" (admins): hands the conversation to a team member, who then holds it as after a takeover.
 * A submenu, its team loaded when it first opens; on a phone, where a submenu has no room beside the
 * menu, the team is listed in the menu itself.
 */
export function AssignMenu({ conversation, itemClassName }: Props) {
  const narrow = useMediaQuery('(max-width: 639px)');
  const [opened, setOpened] = useState(false);
  const users = useAssignableUsers(opened || narrow);
  const assign = useAssignConversation();
  const holder = conversation.handler.mode === 'human' ? conversation.handler.userId : null;

  const team = (
    <>
      {users.isPending && (
        <p className="px-2.5 py-2 text-slate-500 text-sm dark:text-slate-400">Carregando…</p>
      )}
      {users.isError && (
        <p className="px-2.5 py-2 text-red-600 text-sm dark:text-red-400">Erro ao carregar a equipe</p>
      )}
      {users.data?.map((user) => (
        <DropdownMenu.Item
          key={user.id}
          className={itemClassName}
          disabled={assign.isPending}
          onSelect={() => assign.mutate({ conversationId: conversation.id, userId: user.id })}
        >
          <span className="min-w-0 flex-1 truncate">{user.name}</span>
          <span className="text-slate-400 text-xs">{user.role === 'admin' ? 'Admin' : 'Operador'}</span>
          {user.id === holder && (
            <Check aria-label="Atendendo agora" className="size-4 text-indigo-600 dark:text-indigo-400" />
          )}
        </DropdownMenu.Item>
      ))}
    </>
  );

  if (narrow) {
    return (
      <DropdownMenu.Group aria-label="Atribuir a">
        <DropdownMenu.Separator className={separator} />
        <DropdownMenu.Label className="flex items-center gap-2 px-2.5 pt-1.5 pb-1 font-medium text-slate-500 text-xs dark:text-slate-400">
          <UserPlus aria-hidden="true" className="size-3.5" /> Atribuir a
        </DropdownMenu.Label>
        {team}
        <DropdownMenu.Separator className={separator} />
      </DropdownMenu.Group>
    );
  }
  return (
    <DropdownMenu.Sub onOpenChange={(open) => open && setOpened(true)}>
      <DropdownMenu.SubTrigger className={itemClassName}>
        <UserPlus aria-hidden="true" className="size-4" /> Atribuir a
        <ChevronRight aria-hidden="true" className="ml-auto size-4 text-slate-400" />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent
          aria-label="Atribuir a"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-h-72 min-w-52 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {team}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}
