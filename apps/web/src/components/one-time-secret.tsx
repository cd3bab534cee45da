import { Check, Copy, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui';

const COPIED_FOR_MS = 2_000;

/**
 * A secret the server shows once (an API token, a webhook's signing secret): read-only, selected on
 * focus, a copy button, and a plain warning that it will not be shown again.
 */
export function OneTimeSecret({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  /** What to do with it (where it goes, how it is used). */
  children?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(null), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // Without clipboard access (plain http, a refusal) the text is selected for Ctrl+C instead.
      input.current?.focus();
      input.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div className="space-y-3" data-testid="one-time-secret">
      <div>
        <label htmlFor={id} className="block font-medium text-slate-700 text-sm dark:text-slate-200">
          {label}
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            ref={input}
            id={id}
            readOnly
            value={value}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-slate-900 text-xs focus-visible:outline-2 focus-visible:outline-indigo-500 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          />
          <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
            {copied === 'yes' ? (
              <Check aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copied === 'yes' ? 'Copiado' : 'Copiar'}
          </Button>
        </div>
        <p aria-live="polite" className="mt-1 min-h-4 text-slate-500 text-xs dark:text-slate-400">
          {copied === 'yes'
            ? 'Copiado para a área de transferência.'
            : copied === 'failed'
              ? 'Não foi possível copiar automaticamente: o texto está selecionado, use Ctrl+C.'
              : ''}
        </p>
      </div>
      <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-500/10 dark:text-amber-200">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>Copie agora e guarde em lugar seguro: ele não será mostrado de novo.</span>
      </p>
      {children}
    </div>
  );
}
