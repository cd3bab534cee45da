import type { Mention, TimelineEntry } from '@atende/contracts';
import { Lock } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The note's text with each `@Nome` it mentions set apart (mine strongest). */
export function highlightMentions(
  text: string,
  mentions: readonly Mention[],
  myId: string | null,
): ReactNode[] {
  if (mentions.length === 0) return [text];
  const byName = new Map(mentions.map((m) => [m.name.toLocaleLowerCase('pt-BR'), m]));
  const names = [...mentions].sort((a, b) => b.name.length - a.name.length).map((m) => escapeRegExp(m.name));
  const pattern = new RegExp(`@(${names.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const mention = byName.get((match[1] ?? '').toLocaleLowerCase('pt-BR'));
    const isMe = mention?.id === myId;
    parts.push(
      <span
        key={at}
        data-testid="note-mention"
        className={cn(
          'rounded px-0.5 font-semibold',
          isMe
            ? 'bg-amber-300/70 text-amber-950 dark:bg-amber-400/30 dark:text-amber-100'
            : 'text-amber-900 dark:text-amber-200',
        )}
      >
        {match[0]}
      </span>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * A private note: amber, with a lock and "Nota privada", on our side of the chat, so it can never be
 * mistaken for something the customer saw.
 */
export const NoteBubble = memo(function NoteBubble({
  entry,
  myId,
}: {
  entry: TimelineEntry;
  myId: string | null;
}) {
  return (
    <div data-testid="note" data-entry-id={entry.id} className="flex justify-end px-3 py-1.5 md:px-5">
      <div className="max-w-[85%] rounded-2xl rounded-br-md border border-amber-300 border-dashed bg-amber-50 px-3.5 py-2 text-amber-950 shadow-xs md:max-w-[70%] dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-50">
        <div className="mb-0.5 flex items-center gap-1.5 font-semibold text-[11px] text-amber-800 dark:text-amber-300">
          <Lock aria-hidden="true" className="size-3" />
          <span>Nota privada</span>
          {entry.author && <span className="font-normal">· {entry.author.name}</span>}
        </div>
        <p data-testid="note-text" className="whitespace-pre-wrap break-words text-sm leading-relaxed">
          {highlightMentions(entry.text, entry.mentions, myId)}
        </p>
        <div className="mt-1 flex items-center justify-end gap-1 text-[11px] text-amber-700/80 dark:text-amber-300/70">
          <span>Só a equipe vê</span>
          <span aria-hidden="true">·</span>
          <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
        </div>
      </div>
    </div>
  );
});

/** What a person or the server did, small and centred: "Ana assumiu a conversa · 10:32". */
export const SystemLine = memo(function SystemLine({ entry }: { entry: TimelineEntry }) {
  return (
    <div
      data-testid="system-line"
      data-event={entry.event ?? undefined}
      className="flex justify-center px-4 py-1.5"
    >
      <p className="max-w-[90%] rounded-full bg-slate-200/70 px-3 py-1 text-center text-[11px] text-slate-600 leading-snug dark:bg-slate-800/80 dark:text-slate-300">
        {entry.text}
        <span aria-hidden="true"> · </span>
        <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
      </p>
    </div>
  );
});
