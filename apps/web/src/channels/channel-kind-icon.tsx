import { cn } from '@/lib/cn';
import { channelKind } from './registry';

/** A channel kind's icon in a rounded tile (a kind this build does not know gets a chat bubble). */
export function ChannelKindIcon({ kind, className }: { kind: string; className?: string }) {
  const { Icon } = channelKind(kind);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-9 shrink-0 place-items-center rounded-lg bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300',
        className,
      )}
    >
      <Icon className="size-[18px]" />
    </span>
  );
}
