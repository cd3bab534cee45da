import { ChevronDown } from 'lucide-react';
import { AvailabilityDot } from '@/components/ui/availability-dot';
import { Avatar } from '@/components/ui/avatar';
import { useMyAvailability } from '@/lib/api/get-team-members';
import { deferredComponent } from '@/lib/deferred-component';
import { useAuth } from '@/lib/session';
import { DeferredMenu } from './deferred-menu';
import { iconButtonClass } from './menu-styles';
import type { SidebarUser } from './sidebar';

const dropdown = deferredComponent(() => import('./user-menu-dropdown'));

/**
 * The user menu, its avatar marked with my availability (the team sees the same dot); its Radix
 * dropdown loads on first hover/focus/click.
 */
export function UserMenu({ user, onLogout }: { user: SidebarUser | null; onLogout: () => void }) {
  const userId = useAuth().user?.id;
  const availability = useMyAvailability(userId);
  return (
    <DeferredMenu
      menu={dropdown}
      props={{ user, onLogout }}
      label="Menu do usuário"
      className={`${iconButtonClass} w-auto gap-1.5 pr-1.5 pl-1`}
    >
      <span className="relative">
        <Avatar name={user?.name || 'Usuário'} src={user?.avatar} size="sm" className="size-7" />
        {availability && (
          <AvailabilityDot
            availability={availability}
            ring
            className="absolute -right-0.5 -bottom-0.5 size-2.5"
          />
        )}
      </span>
      <ChevronDown aria-hidden="true" className="hidden size-4 sm:block" />
    </DeferredMenu>
  );
}
