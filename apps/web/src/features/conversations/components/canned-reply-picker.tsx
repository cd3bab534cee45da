import { WandSparkles } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { SlashItem } from '../hooks/use-canned-reply-picker';

const groupLabel =
  'px-2.5 pt-1.5 pb-1 font-semibold text-[11px] text-slate-500 uppercase tracking-wide dark:text-slate-400';

/**
 * The `/` list above the composer (a listbox; the textarea keeps the focus): the canned replies, then
 * the macros, as two named groups.
 */
export function CannedReplyPicker({
  items,
  active,
  onPick,
  onHover,
}: {
  items: SlashItem[];
  active: number;
  onPick: (item: SlashItem) => void;
  onHover: (index: number) => void;
}) {
  const replies = items.filter((item) => item.kind === 'reply');
  const macros = items.filter((item) => item.kind === 'macro');
  const option = (item: SlashItem) => {
    const i = items.indexOf(item);
    return (
      <div
        key={item.id}
        id={`canned-reply-${item.id}`}
        role="option"
        tabIndex={-1}
        aria-selected={i === active}
        onMouseDown={(e) => {
          e.preventDefault();
          onPick(item);
        }}
        onMouseEnter={() => onHover(i)}
        className={cn(
          'flex cursor-pointer items-start gap-2 rounded-md px-2.5 py-1.5 text-sm',
          i === active ? 'bg-indigo-50 dark:bg-indigo-500/15' : 'hover:bg-slate-50 dark:hover:bg-slate-800',
        )}
      >
        {item.kind === 'reply' ? (
          <>
            <code className="shrink-0 font-medium text-indigo-700 text-xs leading-5 dark:text-indigo-300">
              /{item.reply.shortcut}
            </code>
            <span className="line-clamp-2 text-slate-700 dark:text-slate-200">{item.reply.content}</span>
          </>
        ) : (
          <>
            <WandSparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-500" />
            <span className="text-slate-700 dark:text-slate-200">{item.macro.name}</span>
            <span className="ml-auto shrink-0 text-slate-400 text-xs leading-5 dark:text-slate-500">
              {item.macro.shared ? 'da equipe' : 'minha'}
            </span>
          </>
        )}
      </div>
    );
  };
  return (
    <div
      id="canned-reply-picker"
      role="listbox"
      aria-label="Respostas rápidas e macros"
      data-testid="canned-reply-picker"
      className="mb-2 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {replies.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: an ARIA group of options inside a listbox
        <div role="group" aria-label="Respostas rápidas">
          {macros.length > 0 && (
            <div aria-hidden="true" className={groupLabel}>
              Respostas rápidas
            </div>
          )}
          {replies.map(option)}
        </div>
      )}
      {macros.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: an ARIA group of options inside a listbox
        <div role="group" aria-label="Macros" data-testid="slash-macros">
          <div aria-hidden="true" className={groupLabel}>
            Macros — rodam na conversa
          </div>
          {macros.map(option)}
        </div>
      )}
    </div>
  );
}
