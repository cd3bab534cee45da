import { AUTOMATION_EVENTS, type AutomationRun } from '@atende/contracts';
import { Workflow } from 'lucide-react';
import { Skeleton, type Tone, ToneBadge } from '@/components/ui';
import { formatDate, formatTime } from '@/lib/format';
import { useAutomationRuns } from '../api/get-automation-runs';

const OUTCOMES: Record<AutomationRun['outcome'], { label: string; tone: Tone }> = {
  done: { label: 'Feita', tone: 'success' },
  skipped: { label: 'Pulada', tone: 'gray' },
  failed: { label: 'Falhou', tone: 'error' },
  cut: { label: 'Interrompida', tone: 'warning' },
};

/** What the automation rules did on this conversation, newest first, line by line. */
export function AutomationRuns({
  conversationId,
  enabled = true,
}: {
  conversationId: string;
  enabled?: boolean;
}) {
  const runs = useAutomationRuns(conversationId, enabled);
  return (
    <section aria-labelledby={`automation-runs-${conversationId}`} data-testid="automation-runs">
      <h3
        id={`automation-runs-${conversationId}`}
        className="flex items-center gap-2 font-semibold text-slate-900 text-sm dark:text-slate-100"
      >
        <Workflow aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-300" />
        Automações
      </h3>
      {runs.isPending ? (
        <Skeleton className="mt-2 h-12 w-full" />
      ) : runs.isError ? (
        <p role="alert" className="mt-2 text-red-700 text-sm dark:text-red-300">
          Erro ao carregar as automações: {runs.error.message}
        </p>
      ) : runs.data.length === 0 ? (
        <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">
          Nenhuma regra agiu nesta conversa. As regras ficam em Configurações › Automações.
        </p>
      ) : (
        <ol className="mt-2 space-y-2">
          {[...runs.data]
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .map((run) => {
              const outcome = OUTCOMES[run.outcome];
              return (
                <li
                  key={run.id}
                  data-testid="automation-run"
                  className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
                >
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="min-w-0 font-medium text-slate-900 text-sm dark:text-slate-100">
                      {run.ruleName}
                    </span>
                    <ToneBadge tone={outcome.tone} label={outcome.label} />
                    <time
                      dateTime={run.createdAt}
                      className="ml-auto text-slate-500 text-xs tabular-nums dark:text-slate-400"
                    >
                      {formatDate(run.createdAt)} {formatTime(run.createdAt)}
                    </time>
                  </div>
                  <p className="text-slate-500 text-xs dark:text-slate-400">{AUTOMATION_EVENTS[run.event]}</p>
                  {run.lines.length > 0 && (
                    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700 text-sm dark:text-slate-200">
                      {run.lines.map((line, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the run's lines, in order
                        <li key={i}>{line}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
        </ol>
      )}
    </section>
  );
}
