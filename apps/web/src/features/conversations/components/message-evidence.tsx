import type { Evidence } from '@atende/contracts';
import { confidencePercent } from '../lib/message-text';

/** The knowledge-base passages the AI used, with their scores. */
export function MessageEvidence({ evidence, id }: { evidence: readonly Evidence[]; id: string }) {
  return (
    <ul
      id={id}
      data-testid="message-evidence"
      className="mt-2 flex flex-col gap-1.5 border-current/15 border-t pt-2"
    >
      {evidence.map((item) => (
        <li key={item.passageId} className="rounded-md bg-black/5 px-2 py-1.5 text-xs dark:bg-white/5">
          <div className="flex items-baseline justify-between gap-2 font-medium">
            <span className="truncate">{item.title}</span>
            <span className="shrink-0 tabular-nums opacity-75">{confidencePercent(item.score)}</span>
          </div>
          <p className="mt-0.5 line-clamp-3 whitespace-pre-wrap opacity-85">{item.excerpt}</p>
        </li>
      ))}
    </ul>
  );
}
