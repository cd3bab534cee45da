import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import type { DeferredMenuProps } from '@/components/layout/deferred-menu';
import { menuContentClass, menuItemClass } from '@/components/layout/menu-styles';
import { conversationHref } from '@/lib/conversation-link';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications-api';
import { NotificationItem } from './notification-item';

const SHOWN = 6;

/** The notifications dropdown (the newest few), loaded on first use (notifications-menu.tsx). */
export default function NotificationsMenuDropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  defaultOpen,
}: DeferredMenuProps) {
  const { data } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const items = data?.items.slice(0, SHOWN) ?? [];
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={`${menuContentClass} w-80 max-w-[calc(100vw-1rem)]`}
        >
          <div className="flex items-center justify-between gap-2 px-2.5 py-2">
            <DropdownMenu.Label className="font-semibold text-slate-900 text-sm dark:text-slate-100">
              Notificações
            </DropdownMenu.Label>
            {(data?.unread ?? 0) > 0 && (
              <button
                type="button"
                onClick={() => markRead.mutate(undefined)}
                className="rounded font-medium text-indigo-600 text-xs hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
              >
                Marcar todas como lidas
              </button>
            )}
          </div>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-800" />
          {items.length === 0 && (
            <p className="px-2.5 py-4 text-center text-slate-500 text-sm dark:text-slate-400">
              Nenhuma notificação
            </p>
          )}
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.id}
              className={`${menuItemClass} items-start`}
              onSelect={() => {
                if (!item.read) markRead.mutate([item.id]);
                if (item.conversationId) navigate(conversationHref(item.conversationId));
              }}
            >
              <NotificationItem item={item} />
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item
            asChild
            className={`${menuItemClass} justify-center font-medium text-indigo-600 dark:text-indigo-300`}
          >
            <Link to="/notifications">Ver todas as notificações</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
