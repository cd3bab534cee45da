import { ChevronDown } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { deferredComponent } from '@/lib/deferred-component';
import { DeferredMenu } from './deferred-menu';
import { iconButtonClass } from './menu-styles';
import type { SidebarUser } from './sidebar';

const dropdown = deferredComponent(() => import('./user-menu-dropdown'));

/** The user menu; its Radix dropdown loads on first hover/focus/click. */
export function UserMenu({ user, onLogout }: { user: SidebarUser | null; onLogout: () => void }) {
  return (
    <DeferredMenu
      menu={dropdown}
      props={{ user, onLogout }}
      label="Menu do usuário"
      className={`${iconButtonClass} w-auto gap-1.5 pr-1.5 pl-1`}
    >
      <Avatar name={user?.name || 'Usuário'} src={user?.avatar} size="sm" className="size-7" />
      <ChevronDown aria-hidden="true" className="hidden size-4 sm:block" />
    </DeferredMenu>
  );
}
