import { Bell } from 'lucide-react';
import { DeferredMenu } from '@/components/layout/deferred-menu';
import { iconButtonClass } from '@/components/layout/menu-styles';
import { deferredComponent } from '@/lib/deferred-component';
import { useNotifications } from '../api/notifications-api';
import { useNotificationsRealtime } from '../hooks/use-notifications-realtime';

const dropdown = deferredComponent(() => import('./notifications-menu-dropdown'));

/** The bell with the live unread count; the Radix dropdown loads on first hover/focus/click. */
export function NotificationsMenu() {
  const { data } = useNotifications();
  useNotificationsRealtime();
  const count = data?.unread ?? 0;
  return (
    <DeferredMenu
      menu={dropdown}
      props={{}}
      label={count > 0 ? `Notificações: ${count} novas` : 'Notificações'}
      className={iconButtonClass}
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 font-semibold text-[0.625rem] text-white leading-4 ring-2 ring-white dark:ring-slate-900"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </DeferredMenu>
  );
}
