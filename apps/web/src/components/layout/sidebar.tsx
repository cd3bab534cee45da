import { LogOut, UserRound } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { isNavActive, NAV_ITEMS } from './nav-items';

export interface SidebarUser {
  name?: string | null;
  email?: string | null;
  avatar?: string | null;
}

export interface SidebarProps {
  user: SidebarUser | null;
  onLogout: () => void;
  /** Called after any navigation click (the drawer closes). */
  onNavigate?: () => void;
  /** A count beside an entry, by its path (Conversas: what waits unread for me). */
  badges?: Partial<Record<string, number>>;
}

/** Navigation column shared by the fixed desktop sidebar and the mobile drawer. */
export function Sidebar({ user, onLogout, onNavigate, badges }: SidebarProps) {
  const { pathname } = useLocation();
  return (
    <div className="flex h-full flex-col bg-white dark:bg-slate-900">
      <div className="flex h-16 shrink-0 items-center border-slate-200 border-b px-5 dark:border-slate-800">
        <Link
          to="/dashboard"
          onClick={onNavigate}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <Logo />
        </Link>
      </div>
      <nav aria-label="Navegação principal" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV_ITEMS.map(({ to, label, icon: Icon, shortcut }) => {
            const active = isNavActive(pathname, to);
            const badge = badges?.[to] ?? 0;
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  aria-keyshortcuts={shortcut ? `g ${shortcut}` : undefined}
                  className={cn(
                    'group flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
                    active
                      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100',
                  )}
                >
                  <Icon
                    aria-hidden="true"
                    className={cn(
                      'size-5 shrink-0',
                      active
                        ? 'text-indigo-600 dark:text-indigo-300'
                        : 'text-slate-400 group-hover:text-slate-600 dark:text-slate-500 dark:group-hover:text-slate-300',
                    )}
                  />
                  <span className="flex-1">{label}</span>
                  {badge > 0 && (
                    <span
                      data-testid="nav-badge"
                      className="min-w-5 rounded-full bg-indigo-600 px-1.5 text-center font-semibold text-[11px] text-white tabular-nums leading-5 dark:bg-indigo-500"
                    >
                      <span aria-hidden="true">{badge > 99 ? '99+' : badge}</span>
                      <span className="sr-only">{`, ${badge} não ${badge === 1 ? 'lida' : 'lidas'}`}</span>
                    </span>
                  )}
                  {shortcut && !badge && (
                    <kbd className="hidden rounded border border-slate-200 px-1.5 font-sans text-[0.65rem] text-slate-400 group-hover:inline-block dark:border-slate-700 dark:text-slate-500">
                      G {shortcut.toUpperCase()}
                    </kbd>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="shrink-0 border-slate-200 border-t p-4 dark:border-slate-800">
        <div className="flex items-center gap-3">
          {user?.avatar || user?.name ? (
            <Avatar name={user.name} src={user.avatar} size="md" />
          ) : (
            <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
              <UserRound aria-hidden="true" className="size-5" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900 text-sm dark:text-slate-100">
              {user?.name || 'Usuário'}
            </p>
            <p className="truncate text-slate-500 text-xs dark:text-slate-400">{user?.email}</p>
          </div>
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Link
            to="/settings/profile"
            onClick={onNavigate}
            className="inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-200 px-3 py-1.5 font-medium text-slate-700 text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <UserRound aria-hidden="true" className="size-3.5" />
            Perfil
          </Link>
          <button
            type="button"
            onClick={onLogout}
            className="inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-200 px-3 py-1.5 font-medium text-red-600 text-xs hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:text-red-400 dark:hover:bg-red-500/10"
          >
            <LogOut aria-hidden="true" className="size-3.5" />
            Sair
          </button>
        </div>
      </div>
    </div>
  );
}
