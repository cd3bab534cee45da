import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { DeferredMenuProps } from './deferred-menu';
import { menuContentClass, menuItemClass } from './menu-styles';
import type { SidebarUser } from './sidebar';

export interface UserMenuDropdownProps extends DeferredMenuProps {
  user: SidebarUser | null;
  onLogout: () => void;
}

/** Meu Perfil, Configurações and Sair. Loaded on first use (user-menu.tsx). */
export default function UserMenuDropdown({
  user,
  onLogout,
  trigger,
  triggerLabel,
  triggerClassName,
  defaultOpen,
}: UserMenuDropdownProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
          <div className="px-2.5 py-2">
            <p className="truncate font-medium text-slate-900 text-sm dark:text-slate-100">
              {user?.name || 'Usuário'}
            </p>
            <p className="truncate text-slate-500 text-xs dark:text-slate-400">{user?.email}</p>
          </div>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/settings/profile">
              <UserRound aria-hidden="true" className="size-4 text-slate-400" />
              Meu Perfil
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/settings">
              <Settings aria-hidden="true" className="size-4 text-slate-400" />
              Configurações
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item
            className={`${menuItemClass} text-red-600 dark:text-red-400`}
            onSelect={onLogout}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sair
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
