import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { usePopoverBoundary } from './popover-boundary';

interface Props {
  emojis: readonly string[];
  onPick: (emoji: string) => void;
  /** The trigger button (rendered as the Radix trigger). */
  children: ReactNode;
  label: string;
  columns?: number;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'bottom';
  onOpenChange?: (open: boolean) => void;
  itemLabel?: (emoji: string) => string;
}

/**
 * A small grid of emoji in an accessible popover (keyboard, Escape, outside click). Radix positions it
 * with Floating UI: it flips and shifts to stay inside the surrounding popover boundary, if any.
 */
export function EmojiMenu({
  emojis,
  onPick,
  children,
  label,
  columns = 5,
  align = 'center',
  side = 'top',
  onOpenChange,
  itemLabel = (e) => `Reagir com ${e}`,
}: Props) {
  const boundary = usePopoverBoundary();
  return (
    <DropdownMenu.Root modal={false} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{children}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label={label}
          side={side}
          align={align}
          sideOffset={6}
          collisionBoundary={boundary}
          collisionPadding={8}
          className="z-50 grid gap-0.5 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {emojis.map((emoji) => (
            <DropdownMenu.Item
              key={emoji}
              aria-label={itemLabel(emoji)}
              onSelect={() => onPick(emoji)}
              className={cn(
                'flex size-9 cursor-pointer items-center justify-center rounded-md text-xl outline-none',
                'data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800',
              )}
            >
              {emoji}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
