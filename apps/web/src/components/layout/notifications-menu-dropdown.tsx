import { LIMITS } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Activity, MessageSquare, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import type { DeferredMenuProps } from './deferred-menu';
import { menuContentClass, menuItemClass } from './menu-styles';

/** Static sample entries (spec §2: the dropdown is static, badge 3). */
const SAMPLE_NOTIFICATIONS = [
  {
    id: 'new-message',
    icon: MessageSquare,
    tone: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300',
    title: 'Nova mensagem',
    body: 'Um cliente enviou uma nova mensagem no WhatsApp.',
    time: 'há 2 min',
  },
  {
    id: 'latency',
    icon: Activity,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
    title: 'Latência alta do sistema',
    body: 'O tempo de resposta da IA está acima do normal.',
    time: 'há 15 min',
  },
  {
    id: 'learning',
    icon: Sparkles,
    tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
    title: 'Nova mensagem aguardando',
    body: 'Uma conversa foi transferida para atendimento humano.',
    time: 'há 1 h',
  },
] as const;

/** The notifications dropdown, loaded on first use (notifications-menu.tsx). */
export default function NotificationsMenuDropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  defaultOpen,
}: DeferredMenuProps) {
  const count = LIMITS.notificationCount;
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
          <div className="flex items-center justify-between px-2.5 py-2">
            <DropdownMenu.Label className="font-semibold text-slate-900 text-sm dark:text-slate-100">
              Notificações
            </DropdownMenu.Label>
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-700 text-xs dark:bg-indigo-500/15 dark:text-indigo-300">
              {count} novas
            </span>
          </div>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-800" />
          {SAMPLE_NOTIFICATIONS.map(({ id, icon: Icon, tone, title, body, time }) => (
            <DropdownMenu.Item key={id} className={`${menuItemClass} items-start`}>
              <span
                className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${tone}`}
              >
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="min-w-0">
                <span className="block font-medium">{title}</span>
                <span className="block text-slate-500 text-xs dark:text-slate-400">{body}</span>
                <span className="mt-0.5 block text-slate-400 text-xs dark:text-slate-500">{time}</span>
              </span>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item
            asChild
            className={`${menuItemClass} justify-center font-medium text-indigo-600 dark:text-indigo-300`}
          >
            <Link to="/dashboard">Ver todas as notificações</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
