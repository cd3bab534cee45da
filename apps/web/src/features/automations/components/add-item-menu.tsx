import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Plus } from 'lucide-react';
import { menuContentClass, menuItemClass } from '@/components/layout/menu-styles';
import { Button } from '@/components/ui';
import type { TypeOption } from '../lib/rule-items';

export interface MenuGroup<T extends string> {
  label?: string;
  types: ReadonlyArray<TypeOption<T>>;
}

/** "+ Adicionar …": a menu of the kinds of item to add (arrow keys, Enter, typeahead). */
export function AddItemMenu<T extends string>({
  label,
  groups,
  onPick,
  testId,
}: {
  label: string;
  groups: ReadonlyArray<MenuGroup<T>>;
  onPick: (type: T) => void;
  testId?: string;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm" data-testid={testId}>
          <Plus aria-hidden="true" className="size-4" />
          {label}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className={`${menuContentClass} max-h-(--radix-dropdown-menu-content-available-height) overflow-y-auto`}
        >
          {groups.map((group, i) => (
            <DropdownMenu.Group key={group.label ?? i}>
              {group.label ? (
                <DropdownMenu.Label className="px-2.5 pt-2 pb-1 font-semibold text-[11px] text-slate-500 uppercase tracking-wide dark:text-slate-400">
                  {group.label}
                </DropdownMenu.Label>
              ) : null}
              {group.types.map((type) => (
                <DropdownMenu.Item
                  key={type.value}
                  className={menuItemClass}
                  onSelect={() => onPick(type.value)}
                >
                  {type.label}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
