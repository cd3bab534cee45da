import type { TeamMember } from '@atende/contracts';
import { AvailabilityDot, Avatar } from '@/components/ui';
import { cn } from '@/lib/cn';

export const mentionOptionId = (memberId: string) => `mention-option-${memberId}`;

/** The `@` list above the composer (a listbox; the textarea keeps the focus). */
export function MentionPicker({
  items,
  active,
  onPick,
  onHover,
}: {
  items: TeamMember[];
  active: number;
  onPick: (member: TeamMember) => void;
  onHover: (index: number) => void;
}) {
  return (
    <div
      id="mention-picker"
      role="listbox"
      aria-label="Mencionar alguém da equipe"
      data-testid="mention-picker"
      className="mb-2 max-h-64 w-full max-w-xs overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {items.map((member, i) => (
        <div
          key={member.id}
          id={mentionOptionId(member.id)}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(member);
          }}
          onMouseEnter={() => onHover(i)}
          className={cn(
            'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm',
            i === active ? 'bg-amber-100 dark:bg-amber-500/15' : 'hover:bg-slate-50 dark:hover:bg-slate-800',
          )}
        >
          <Avatar name={member.name} src={member.avatar} size="sm" className="size-6 text-[10px]" />
          <span className="min-w-0 flex-1 truncate text-slate-800 dark:text-slate-100">{member.name}</span>
          <AvailabilityDot availability={member.availability} />
        </div>
      ))}
    </div>
  );
}
