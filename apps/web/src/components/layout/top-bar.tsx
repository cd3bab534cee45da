import { HelpCircle, Menu, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { iconButtonClass } from './menu-styles';
import { SearchBox } from './search-box';
import type { SidebarUser } from './sidebar';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  user: SidebarUser | null;
  onOpenDrawer: () => void;
  /** Hover/focus on the drawer button: start loading the drawer. */
  onDrawerIntent?: () => void;
  onLogout: () => void;
  isDark: boolean;
  onToggleTheme: () => void;
  /** The notifications bell, placed by the app (it comes from the notifications feature). */
  notifications: ReactNode;
  /** Unread for me: on phones, where the sidebar's count hides in the drawer, the menu button shows it. */
  unread?: number;
  /** The search box opens the command palette (with what was typed in it). */
  onOpenSearch: (query: string) => void;
  onSearchIntent?: () => void;
  /** The help button: the list of keyboard shortcuts. */
  onShowShortcuts: () => void;
}

export function TopBar({
  user,
  onOpenDrawer,
  onDrawerIntent,
  onLogout,
  isDark,
  onToggleTheme,
  notifications,
  unread = 0,
  onOpenSearch,
  onSearchIntent,
  onShowShortcuts,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-slate-200 border-b bg-white/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-white/75 sm:gap-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900/85 dark:supports-[backdrop-filter]:bg-slate-900/75">
      <button
        type="button"
        onClick={onOpenDrawer}
        onPointerEnter={onDrawerIntent}
        onFocus={onDrawerIntent}
        className={`${iconButtonClass} lg:hidden`}
        aria-label={
          unread > 0 ? `Abrir menu (${unread} não ${unread === 1 ? 'lida' : 'lidas'})` : 'Abrir menu'
        }
      >
        <Menu aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="menu-unread"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-indigo-600 px-1 font-semibold text-[0.625rem] text-white leading-4 ring-2 ring-white dark:bg-indigo-500 dark:ring-slate-900"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div className="min-w-0 flex-1">
        <SearchBox onOpen={onOpenSearch} onIntent={onSearchIntent} />
      </div>
      <div className="flex items-center gap-0.5 sm:gap-1">
        <button
          type="button"
          onClick={onToggleTheme}
          className={iconButtonClass}
          aria-label={isDark ? 'Ativar tema claro' : 'Ativar tema escuro'}
          title={isDark ? 'Tema claro' : 'Tema escuro'}
        >
          {isDark ? (
            <Sun aria-hidden="true" className="size-5" />
          ) : (
            <Moon aria-hidden="true" className="size-5" />
          )}
        </button>
        <button
          type="button"
          onClick={onShowShortcuts}
          className={`${iconButtonClass} hidden sm:inline-flex`}
          aria-label="Atalhos do teclado"
          title="Atalhos do teclado (?)"
          aria-keyshortcuts="Shift+Slash"
        >
          <HelpCircle aria-hidden="true" className="size-5" />
        </button>
        {notifications}
        <UserMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
}
