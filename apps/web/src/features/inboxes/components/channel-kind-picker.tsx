import type { ChannelKindInfo } from '@atende/contracts';
import { useId } from 'react';
import { ChannelKindIcon } from '@/channels/channel-kind-icon';
import { cn } from '@/lib/cn';

interface Props {
  kinds: readonly ChannelKindInfo[];
  value: string | null;
  onChange: (kind: string) => void;
}

/** The kind of channel for a new inbox; a kind whose package is missing is shown, disabled. */
export function ChannelKindPicker({ kinds, value, onChange }: Props) {
  const name = useId();
  return (
    <fieldset>
      <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">Tipo de canal</legend>
      <div className="mt-1.5 grid gap-2">
        {kinds.map((kind) => {
          const checked = value === kind.kind;
          return (
            <label
              key={kind.kind}
              data-testid={`inbox-kind-${kind.kind}`}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
                !kind.installed
                  ? 'cursor-not-allowed border-dashed border-slate-200 opacity-70 dark:border-slate-700'
                  : checked
                    ? 'cursor-pointer border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-500/10'
                    : 'cursor-pointer border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={kind.kind}
                checked={checked}
                disabled={!kind.installed}
                onChange={() => onChange(kind.kind)}
                className="sr-only"
              />
              <ChannelKindIcon kind={kind.kind} />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-2">
                  <span className="font-medium text-slate-800 text-sm dark:text-slate-100">{kind.label}</span>
                  {!kind.installed ? (
                    <span className="text-amber-700 text-xs dark:text-amber-300">
                      Não instalado neste servidor
                    </span>
                  ) : null}
                </span>
                <span className="mt-0.5 block text-slate-500 text-xs dark:text-slate-400">
                  {kind.description}
                </span>
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 grid size-4 shrink-0 place-items-center rounded-full border',
                  checked ? 'border-indigo-600 bg-indigo-600' : 'border-slate-300 dark:border-slate-600',
                )}
              >
                {checked ? <span className="size-1.5 rounded-full bg-white" /> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
