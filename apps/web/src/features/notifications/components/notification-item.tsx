import type { Notification } from '@atende/contracts';
import { AtSign, Hand, UserCheck, Webhook, WifiOff } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';

const KIND = {
  handoff: { icon: Hand, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300' },
  assigned: {
    icon: UserCheck,
    tone: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300',
  },
  mention: {
    icon: AtSign,
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  },
  whatsapp_disconnected: {
    icon: WifiOff,
    tone: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300',
  },
  webhook_disabled: {
    icon: Webhook,
    tone: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300',
  },
} as const;

/** One notification: icon by kind, title, text, when, and a dot while unread. */
export function NotificationItem({ item }: { item: Notification }) {
  const { icon: Icon, tone } = KIND[item.kind];
  return (
    <span className="flex min-w-0 flex-1 items-start gap-3" data-testid="notification-item">
      <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', item.read ? 'font-normal' : 'font-semibold')}>{item.title}</span>
        <span className="block truncate text-slate-500 text-xs dark:text-slate-400">{item.body}</span>
        <span className="mt-0.5 block text-slate-400 text-xs dark:text-slate-500">
          {formatRelativeTime(item.at)}
        </span>
      </span>
      {!item.read && (
        <>
          <span className="sr-only">Não lida</span>
          <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-indigo-500" />
        </>
      )}
    </span>
  );
}
