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
}

export function TopBar({
  user,
  onOpenDrawer,
  onDrawerIntent,
  onLogout,
  isDark,
  onToggleTheme,
  notifications,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-slate-200 border-b bg-white/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-white/75 sm:gap-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900/85 dark:supports-[backdrop-filter]:bg-slate-900/75">
      <button
        type="button"
        onClick={onOpenDrawer}
        onPointerEnter={onDrawerIntent}
        onFocus={onDrawerIntent}
        className={`${iconButtonClass} lg:hidden`}
        aria-label="Abrir menu"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <div className="min-w-0 flex-1">
        <SearchBox />
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
          className={`${iconButtonClass} hidden sm:inline-flex`}
          aria-label="Ajuda"
          title="Ajuda"
        >
          <HelpCircle aria-hidden="true" className="size-5" />
        </button>
        {notifications}
        <UserMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
}
