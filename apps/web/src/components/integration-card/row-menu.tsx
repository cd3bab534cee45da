import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type LucideIcon, MoreVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { menuContentClass, menuItemClass } from '@/components/layout/menu-styles';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';

const itemClass = cn(menuItemClass, 'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50');

/** An item's "⋮" menu; the button spins while one of its actions runs. */
export function RowMenu({
  label,
  isBusy,
  children,
}: {
  /** The button's accessible name (`Ações de Vendas`). */
  label: string;
  isBusy: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button size="sm" variant="ghost" aria-label={label} isLoading={isBusy}>
          <MoreVertical aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} collisionPadding={8} className={menuContentClass}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function RowMenuItem({
  icon: Icon,
  onSelect,
  disabled,
  isDanger = false,
  children,
}: {
  icon: LucideIcon;
  onSelect: () => void;
  disabled?: boolean;
  /** Red, after a separator: removing the item. */
  isDanger?: boolean;
  children: ReactNode;
}) {
  const item = (
    <DropdownMenu.Item
      className={cn(itemClass, isDanger && 'text-red-600 dark:text-red-400')}
      onSelect={onSelect}
      disabled={disabled}
    >
      <Icon aria-hidden="true" className="size-4" /> {children}
    </DropdownMenu.Item>
  );
  if (!isDanger) return item;
  return (
    <>
      <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
      {item}
    </>
  );
}
