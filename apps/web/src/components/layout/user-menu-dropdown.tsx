import { AVAILABILITY_LABELS, type Availability } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BellRing, Check, LogOut, Settings, UserRound, Volume2 } from 'lucide-react';
import { Link } from 'react-router';
import { AvailabilityDot } from '@/components/ui/availability-dot';
import { toast } from '@/components/ui/toast';
import {
  canNotify,
  enableBrowserAlerts,
  setAlertPreferences,
  useAlertPreferences,
} from '@/lib/alert-preferences';
import { playAlertSound } from '@/lib/alert-sound';
import { useMyAvailability, useSetAvailability } from '@/lib/api/get-team-members';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/session';
import type { DeferredMenuProps } from './deferred-menu';
import { menuContentClass, menuItemClass } from './menu-styles';
import type { SidebarUser } from './sidebar';

export interface UserMenuDropdownProps extends DeferredMenuProps {
  user: SidebarUser | null;
  onLogout: () => void;
}

const CHOICES: ReadonlyArray<Exclude<Availability, 'offline'>> = ['online', 'away', 'busy'];
const HINTS: Record<Exclude<Availability, 'offline'>, string> = {
  online: 'Recebe conversas',
  away: 'Não recebe novas',
  busy: 'Não recebe novas',
};

const sectionLabel = 'px-2.5 pt-1.5 pb-1 font-medium text-slate-500 text-xs dark:text-slate-400';
const separator = '-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-800';

/**
 * My availability (Online, Ausente, Ocupado: only online receives conversations by automatic
 * assignment), the alerts of this browser, Meu Perfil, Configurações and Sair. Loaded on first use
 * (user-menu.tsx).
 */
export default function UserMenuDropdown({
  user,
  onLogout,
  trigger,
  triggerLabel,
  triggerClassName,
  defaultOpen,
}: UserMenuDropdownProps) {
  const userId = useAuth().user?.id;
  const availability = useMyAvailability(userId);
  const setAvailability = useSetAvailability(userId);
  const alerts = useAlertPreferences();

  const choose = (value: string) => {
    const next = CHOICES.find((choice) => choice === value);
    if (!next || next === availability) return;
    setAvailability.mutate(next, {
      onError: (error) => toast.error('Erro ao mudar a disponibilidade', error.message),
    });
  };

  const toggleBrowser = async (on: boolean) => {
    if (!on) return setAlertPreferences({ browser: false });
    if (!(await enableBrowserAlerts())) toast.warning('Permissão negada pelo navegador');
  };

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClass, 'w-64')}>
          <div className="px-2.5 py-2">
            <p className="truncate font-medium text-slate-900 text-sm dark:text-slate-100">
              {user?.name || 'Usuário'}
            </p>
            <p className="truncate text-slate-500 text-xs dark:text-slate-400">{user?.email}</p>
          </div>
          <DropdownMenu.Separator className={separator} />
          <DropdownMenu.Label className={sectionLabel}>Disponibilidade</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={availability ?? ''} onValueChange={choose}>
            {CHOICES.map((choice) => (
              <DropdownMenu.RadioItem
                key={choice}
                value={choice}
                className={menuItemClass}
                onSelect={(event) => event.preventDefault()}
              >
                <AvailabilityDot availability={choice} />
                <span className="flex-1">{AVAILABILITY_LABELS[choice]}</span>
                <span className="text-slate-400 text-xs dark:text-slate-500">{HINTS[choice]}</span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-400" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={separator} />
          <DropdownMenu.Label className={sectionLabel}>Alertas com a aba em segundo plano</DropdownMenu.Label>
          <DropdownMenu.CheckboxItem
            checked={alerts.sound}
            className={menuItemClass}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(on) => {
              setAlertPreferences({ sound: on });
              // Turning it on plays it once, so the person knows what to listen for.
              if (on) playAlertSound();
            }}
          >
            <Volume2 aria-hidden="true" className="size-4 text-slate-400" />
            <span className="flex-1">Som de alerta</span>
            <DropdownMenu.ItemIndicator>
              <Check aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-400" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.CheckboxItem>
          {canNotify() && (
            <DropdownMenu.CheckboxItem
              checked={alerts.browser}
              className={menuItemClass}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(on) => void toggleBrowser(on)}
            >
              <BellRing aria-hidden="true" className="size-4 text-slate-400" />
              <span className="flex-1">Notificações do navegador</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-400" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.CheckboxItem>
          )}
          <DropdownMenu.Separator className={separator} />
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
          <DropdownMenu.Separator className={separator} />
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
