import { LIMITS } from '@atende/contracts';
import { Bell } from 'lucide-react';
import { deferredComponent } from '@/lib/deferred-component';
import { DeferredMenu } from './deferred-menu';
import { iconButtonClass } from './menu-styles';

const dropdown = deferredComponent(() => import('./notifications-menu-dropdown'));

/** The bell with its static count (spec §2); the Radix dropdown loads on first hover/focus/click. */
export function NotificationsMenu() {
  const count = LIMITS.notificationCount;
  return (
    <DeferredMenu
      menu={dropdown}
      props={{}}
      label={`Notificações: ${count} novas`}
      className={iconButtonClass}
    >
      <Bell aria-hidden="true" className="size-5" />
      <span
        aria-hidden="true"
        className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 font-semibold text-[0.625rem] text-white leading-4 ring-2 ring-white dark:ring-slate-900"
      >
        {count}
      </span>
    </DeferredMenu>
  );
}
