import type { CannedReply } from '@atende/contracts';
import { cn } from '@/lib/cn';

/** The `/` list above the composer (a listbox; the textarea keeps the focus). */
export function CannedReplyPicker({
  items,
  active,
  onPick,
  onHover,
}: {
  items: CannedReply[];
  active: number;
  onPick: (reply: CannedReply) => void;
  onHover: (index: number) => void;
}) {
  return (
    <div
      id="canned-reply-picker"
      role="listbox"
      aria-label="Respostas rápidas"
      data-testid="canned-reply-picker"
      className="mb-2 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {items.map((reply, i) => (
        <div
          key={reply.id}
          id={`canned-reply-${reply.id}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(reply);
          }}
          onMouseEnter={() => onHover(i)}
          className={cn(
            'flex cursor-pointer items-start gap-2 rounded-md px-2.5 py-1.5 text-sm',
            i === active ? 'bg-indigo-50 dark:bg-indigo-500/15' : 'hover:bg-slate-50 dark:hover:bg-slate-800',
          )}
        >
          <code className="shrink-0 font-medium text-indigo-700 text-xs leading-5 dark:text-indigo-300">
            /{reply.shortcut}
          </code>
          <span className="line-clamp-2 text-slate-700 dark:text-slate-200">{reply.content}</span>
        </div>
      ))}
    </div>
  );
}
