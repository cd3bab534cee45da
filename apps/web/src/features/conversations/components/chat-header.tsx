import { type Client, type Conversation, formatPhone } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  Archive,
  ArchiveRestore,
  ArrowLeft,
  MoreVertical,
  Search,
  Tag,
  Trash2,
  UserRound,
} from 'lucide-react';
import { useRef } from 'react';
import { ConversationRating } from '@/components/conversation-rating';
import { Avatar, ToneBadge, toast, useConfirm } from '@/components/ui';
import { useToastClearance } from '@/components/ui/toast-clearance';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useInboxNames } from '@/lib/api/use-inbox-names';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { useDeleteConversation } from '../api/delete-conversation';
import { useTransitionConversation } from '../api/transition-conversation';
import { useConversationView } from '../hooks/use-conversation-view';
import { errorReason, notify } from '../hooks/use-notify';
import { displayName } from '../lib/message-text';
import { slaChip } from '../lib/sla';
import { AssignMenu } from './assign-menu';
import { ConversationActions } from './conversation-actions';
import { ConversationHandler, ConversationStatusBadge } from './conversation-state';
import { HeaderMenu, headerIconButton, headerMenuItem, headerMenuSeparator } from './header-menu';
import { LabelPicker } from './label-picker';
import { MacrosMenu } from './macros-menu';

interface Props {
  conversation: Conversation;
  client: Client | null | undefined;
  isSearchOpen: boolean;
  onToggleSearch: () => void;
  onBack: () => void;
  onViewProfile: () => void;
  /** It left this screen (archived or deleted): the chat closes. */
  onClosed: () => void;
}

/**
 * The chat header: who the customer is, then one line with the status and (while open) who answers,
 * and the buttons `conversationView` allows, so the three never contradict each other.
 */
export function ChatHeader({
  conversation,
  client,
  isSearchOpen,
  onToggleSearch,
  onBack,
  onViewProfile,
  onClosed,
}: Props) {
  const view = useConversationView(conversation);
  const confirm = useConfirm();
  const transition = useTransitionConversation();
  const remove = useDeleteConversation();
  const isPhone = useMediaQuery('(max-width: 639px)');
  const name = displayName(conversation);
  const phone = client?.phone ?? conversation.clientPhone;
  const lastSeen = client?.lastContact ?? conversation.lastMessageTime;
  const header = useRef<HTMLElement>(null);
  useToastClearance(header);
  const inboxName = useInboxNames()?.get(conversation.inboxId);
  const { actions } = view;
  const isArchived = Boolean(conversation.archivedAt);

  const archive = async () => {
    if (!(await confirm({ message: 'Tem certeza que deseja arquivar esta conversa?', variant: 'warning' }))) {
      return;
    }
    transition.mutate(
      { conversationId: conversation.id, step: 'archive' },
      {
        onSuccess: ({ message }) => {
          onClosed();
          toast.success(message, undefined, {
            actions: [
              {
                label: 'Desfazer',
                action: () =>
                  transition.mutate(
                    { conversationId: conversation.id, step: 'unarchive' },
                    { onError: (error) => notify.error(errorReason(error)) },
                  ),
              },
            ],
          });
        },
        onError: (error) => notify.error(errorReason(error)),
      },
    );
  };

  const unarchive = () =>
    transition.mutate(
      { conversationId: conversation.id, step: 'unarchive' },
      {
        onSuccess: ({ message }) => notify.success(message),
        onError: (error) => notify.error(errorReason(error)),
      },
    );

  const destroy = async () => {
    const ok = await confirm({
      message: 'Tem certeza que deseja excluir esta conversa? Esta ação não pode ser desfeita.',
      variant: 'error',
    });
    if (!ok) return;
    remove.mutate(conversation.id, {
      onSuccess: (message) => {
        onClosed();
        notify.success(message);
      },
      onError: (error) => notify.error(errorReason(error)),
    });
  };

  // The response-time target, when it is close or missed (the list's clock is enough here).
  const sla = slaChip(conversation.sla, Date.now());
  const stateLine = (
    <div
      data-testid="conversation-state"
      className={cn(
        'flex min-w-0 items-center gap-1.5',
        // A phone keeps the header to two rows: the state gives way to the buttons on one line.
        isPhone ? 'flex-1 overflow-hidden' : 'max-w-full shrink-0',
      )}
    >
      {/* A phone says who answers an open conversation; "Ativa" would push it out of the row. */}
      {!(isPhone && view.handler && conversation.status === 'active') && (
        <ConversationStatusBadge view={view} className="shrink-0" />
      )}
      <ConversationHandler view={view} mode={conversation.handler.mode} className="min-w-0" />
      {isArchived && <ToneBadge tone="gray" label="Arquivada" />}
      <ConversationRating conversationId={conversation.id} />
      {sla && (
        <span title={sla.title} data-testid="sla-chip" className="shrink-0">
          <ToneBadge tone={sla.tone} label={sla.label} />
        </span>
      )}
    </div>
  );

  return (
    <header
      ref={header}
      className="border-slate-200 border-b bg-white px-3 py-2 md:px-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <button
          type="button"
          aria-label="Voltar para a lista"
          onClick={onBack}
          className={cn(headerIconButton, '-ml-1 md:hidden')}
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </button>
        <Avatar
          name={client?.name ?? conversation.clientName}
          colorSeed={conversation.clientId}
          src={client?.avatar}
          size="md"
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h2
              data-testid="chat-title"
              className="truncate font-semibold text-slate-900 text-sm dark:text-slate-100"
            >
              {name}
            </h2>
            {/* "AI-handled" only means something while the conversation is open. */}
            {conversation.isAiHandled && view.handler && (
              <span
                data-testid="ai-badge"
                className="rounded bg-indigo-600 px-1.5 py-px font-semibold text-[10px] text-white tracking-wide"
              >
                IA
              </span>
            )}
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
            {phone ? (
              <>
                <span data-testid="chat-phone" className="tabular-nums">
                  {formatPhone(phone)}
                </span>
                {' · '}
              </>
            ) : null}
            {lastSeen
              ? `Visto por último ${formatRelativeTime(lastSeen).toLowerCase()}`
              : 'Sem atividade recente'}
          </div>
        </div>
        <div className="flex items-center">
          <HeaderMenu
            label="Etiquetas da conversa"
            trigger={
              <button type="button" aria-label="Etiquetas" title="Etiquetas" className={headerIconButton}>
                <Tag aria-hidden="true" className="size-[18px]" />
              </button>
            }
          >
            <LabelPicker conversation={conversation} />
          </HeaderMenu>
          <MacrosMenu conversationId={conversation.id} />
          <button
            type="button"
            aria-label="Buscar na conversa"
            title="Buscar na conversa"
            aria-pressed={isSearchOpen}
            onClick={onToggleSearch}
            className={cn(
              headerIconButton,
              isSearchOpen && 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
            )}
          >
            <Search aria-hidden="true" className="size-[18px]" />
          </button>
          <HeaderMenu
            label="Mais opções"
            trigger={
              <button type="button" aria-label="Mais opções" title="Mais opções" className={headerIconButton}>
                <MoreVertical aria-hidden="true" className="size-[18px]" />
              </button>
            }
          >
            <DropdownMenu.Item className={headerMenuItem} onSelect={onViewProfile}>
              <UserRound aria-hidden="true" className="size-4" /> Ver perfil
            </DropdownMenu.Item>
            {actions.has('assign') && (
              <AssignMenu conversation={conversation} itemClassName={headerMenuItem} />
            )}
            {actions.has('archive') && (
              <DropdownMenu.Item className={headerMenuItem} onSelect={() => void archive()}>
                <Archive aria-hidden="true" className="size-4" /> Arquivar conversa
              </DropdownMenu.Item>
            )}
            {actions.has('unarchive') && (
              <DropdownMenu.Item className={headerMenuItem} onSelect={unarchive}>
                <ArchiveRestore aria-hidden="true" className="size-4" /> Desarquivar conversa
              </DropdownMenu.Item>
            )}
            {actions.has('delete') && (
              <>
                <DropdownMenu.Separator className={headerMenuSeparator} />
                <DropdownMenu.Item
                  className={cn(headerMenuItem, 'text-red-600 dark:text-red-400')}
                  onSelect={() => void destroy()}
                >
                  <Trash2 aria-hidden="true" className="size-4" /> Excluir conversa
                </DropdownMenu.Item>
              </>
            )}
          </HeaderMenu>
        </div>
      </div>
      <div
        data-testid="chat-header-actions-row"
        className={cn('mt-2 flex items-center gap-x-2 gap-y-2', isPhone ? 'flex-nowrap' : 'flex-wrap')}
      >
        {stateLine}
        <ConversationActions conversation={conversation} view={view} compact={isPhone} />
      </div>
    </header>
  );
}
