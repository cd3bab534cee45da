import type { Client, Conversation } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Archive, ArrowLeft, MoreVertical, Phone, Search, Tag, Trash2, UserRound, Video } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Avatar, Button } from '@/components/ui';
import { useToastClearance } from '@/components/ui/toast-clearance';
import { useInboxNames } from '@/lib/api/use-inbox-names';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { useAuth } from '@/lib/session';
import { useHandBackConversation } from '../api/hand-back-conversation';
import { useTakeOverConversation } from '../api/take-over-conversation';
import { errorReason, notify } from '../hooks/use-notify';
import { CALL_ALERTS, callLink, displayName } from '../lib/message-text';
import { AssignMenu } from './assign-menu';
import { ConversationStatusBadge } from './conversation-status-badge';
import { HandlerChip } from './handler-chip';
import { LabelPicker } from './label-picker';

interface Props {
  conversation: Conversation;
  client: Client | null | undefined;
  isSearchOpen: boolean;
  onToggleSearch: () => void;
  onBack: () => void;
  onViewProfile: () => void;
  onArchive: () => void;
  onDelete: () => void;
}

const iconButton =
  'flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800';

function Popover({ trigger, children, label }: { trigger: ReactNode; children: ReactNode; label: string }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label={label}
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The chat header, plus who is answering with one-click 'Assumir' / 'Devolver à IA', and for admins
 * 'Atribuir a' in the options menu.
 */
export function ChatHeader({
  conversation,
  client,
  isSearchOpen,
  onToggleSearch,
  onBack,
  onViewProfile,
  onArchive,
  onDelete,
}: Props) {
  const isAdmin = useAuth().user?.role === 'admin';
  const takeOver = useTakeOverConversation();
  const handBack = useHandBackConversation();
  const name = displayName(conversation);
  const phone = client?.phone ?? conversation.clientPhone;
  const lastSeen = client?.lastContact ?? conversation.lastMessageTime;
  const isHuman = conversation.handler.mode === 'human';
  const header = useRef<HTMLElement>(null);
  useToastClearance(header);
  const inboxName = useInboxNames()?.get(conversation.inboxId);

  const call = (kind: 'voice' | 'video') => {
    if (!phone) {
      notify.error(kind === 'voice' ? CALL_ALERTS.voice : CALL_ALERTS.video);
      return;
    }
    window.open(callLink(phone, kind), '_blank', 'noopener,noreferrer');
  };

  const toggleHandler = () => {
    const mutation = isHuman ? handBack : takeOver;
    mutation.mutate(conversation.id, { onError: (error) => notify.error(errorReason(error)) });
  };

  // On phones tags and search move to the second row, next to who is answering.
  const tagsAndSearch = (
    <>
      <Popover
        label="Etiquetas da conversa"
        trigger={
          <button type="button" aria-label="Etiquetas" title="Etiquetas" className={iconButton}>
            <Tag aria-hidden="true" className="size-[18px]" />
          </button>
        }
      >
        <LabelPicker conversation={conversation} />
      </Popover>
      <button
        type="button"
        aria-label="Buscar na conversa"
        title="Buscar na conversa"
        aria-pressed={isSearchOpen}
        onClick={onToggleSearch}
        className={cn(
          iconButton,
          isSearchOpen && 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
        )}
      >
        <Search aria-hidden="true" className="size-[18px]" />
      </button>
    </>
  );

  return (
    <header
      ref={header}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-slate-200 border-b bg-white px-3 py-2.5 md:px-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <button
        type="button"
        aria-label="Voltar para a lista"
        onClick={onBack}
        className={cn(iconButton, 'md:hidden')}
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </button>
      <Avatar name={client?.name ?? conversation.clientName} src={client?.avatar} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h2
            data-testid="chat-title"
            className="truncate font-semibold text-slate-900 text-sm dark:text-slate-100"
          >
            {name}
          </h2>
          {conversation.isAiHandled && (
            <span
              data-testid="ai-badge"
              className="rounded bg-indigo-600 px-1.5 py-px font-semibold text-[10px] text-white tracking-wide"
            >
              IA
            </span>
          )}
          <span className="hidden sm:inline">
            <ConversationStatusBadge status={conversation.status} />
          </span>
        </div>
        <div className="truncate text-slate-500 text-xs dark:text-slate-400">
          {inboxName ? (
            <>
              <span data-testid="chat-inbox" className="font-medium text-slate-600 dark:text-slate-300">
                <span className="sr-only">Caixa de entrada: </span>
                {inboxName}
              </span>
              {' · '}
            </>
          ) : null}
          {lastSeen
            ? `Visto por último ${formatRelativeTime(lastSeen).toLowerCase()}`
            : 'Sem atividade recente'}
        </div>
      </div>
      <div className="order-last flex w-full items-center gap-2 sm:order-none sm:w-auto">
        <HandlerChip handler={conversation.handler} />
        <span className="sm:hidden">
          <ConversationStatusBadge status={conversation.status} />
        </span>
        <div className="flex sm:hidden">{tagsAndSearch}</div>
        <Button
          size="sm"
          variant={isHuman ? 'secondary' : 'primary'}
          onClick={toggleHandler}
          isLoading={takeOver.isPending || handBack.isPending}
          className="ml-auto sm:ml-0"
        >
          {isHuman ? 'Devolver à IA' : 'Assumir'}
        </Button>
      </div>
      <div className="flex items-center">
        <div className="hidden sm:flex">{tagsAndSearch}</div>
        <button
          type="button"
          aria-label="Chamada de voz"
          title="Chamada de voz"
          onClick={() => call('voice')}
          className={iconButton}
        >
          <Phone aria-hidden="true" className="size-[18px]" />
        </button>
        <button
          type="button"
          aria-label="Videochamada"
          title="Videochamada"
          onClick={() => call('video')}
          className={iconButton}
        >
          <Video aria-hidden="true" className="size-[18px]" />
        </button>
        <Popover
          label="Mais opções"
          trigger={
            <button type="button" aria-label="Mais opções" title="Mais opções" className={iconButton}>
              <MoreVertical aria-hidden="true" className="size-[18px]" />
            </button>
          }
        >
          <DropdownMenu.Item className={menuItem} onSelect={onViewProfile}>
            <UserRound aria-hidden="true" className="size-4" /> Ver perfil
          </DropdownMenu.Item>
          {isAdmin && <AssignMenu conversation={conversation} itemClassName={menuItem} />}
          <DropdownMenu.Item className={menuItem} onSelect={onArchive}>
            <Archive aria-hidden="true" className="size-4" /> Arquivar conversa
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item className={cn(menuItem, 'text-red-600 dark:text-red-400')} onSelect={onDelete}>
            <Trash2 aria-hidden="true" className="size-4" /> Excluir conversa
          </DropdownMenu.Item>
        </Popover>
      </div>
    </header>
  );
}
