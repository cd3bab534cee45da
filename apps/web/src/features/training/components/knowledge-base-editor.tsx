import { LIMITS } from '@atende/contracts';
import { AlertCircle, Lock, RotateCcw, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, Card, Skeleton, toast } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useKnowledgeBase } from '../api/get-knowledge-base';
import { useSaveKnowledgeBase } from '../api/save-knowledge-base';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { lastUpdateLabel } from '../lib/format-updated-at';

export const SAVE_SUCCESS = 'Base de conhecimento salva';
export const SAVE_ERROR = 'Erro ao salvar a base de conhecimento';
const MAX = LIMITS.knowledgeBaseMaxChars;

/** The whole knowledge base as one pt-BR text; `## Pergunta` headings split it into passages. */
export function KnowledgeBaseEditor({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const kb = useKnowledgeBase();
  const save = useSaveKnowledgeBase();
  const [draft, setDraft] = useState<string | null>(null);
  // The draft was started from this version; a newer one on the server means someone else wrote.
  const [draftBase, setDraftBase] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);

  const readOnly = !canEdit || forbidden;
  const saved = kb.data?.content ?? '';
  const value = draft ?? saved;
  const dirty = draft !== null && draft !== saved;
  const tooLong = value.length > MAX;
  const changedUnderneath = dirty && draftBase !== null && draftBase !== saved;
  useUnsavedChangesGuard(dirty);

  const onChange = (next: string) => {
    if (draft === null) setDraftBase(saved);
    setDraft(next);
  };
  const discard = () => {
    setDraft(null);
    setDraftBase(null);
  };
  const onSave = () => {
    if (!dirty || tooLong || readOnly) return;
    save.mutate(value, {
      onSuccess: () => {
        discard();
        toast.success(SAVE_SUCCESS);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) setForbidden(true);
        toast.error(SAVE_ERROR, error.message);
      },
    });
  };

  return (
    <Card className="flex flex-col">
      <div className="flex flex-col gap-3 border-slate-200 border-b px-5 py-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <div className="min-w-0">
          <label htmlFor={`${id}-kb`} className="font-semibold text-base text-slate-900 dark:text-slate-100">
            Conteúdo da base
          </label>
          <p className="mt-0.5 h-5 text-slate-500 text-sm dark:text-slate-400" data-testid="kb-last-update">
            {kb.data ? lastUpdateLabel(kb.data.updatedAt) : ''}
          </p>
        </div>
        {!readOnly && (
          <div className="flex shrink-0 gap-2">
            {dirty && (
              <Button variant="ghost" onClick={discard} disabled={save.isPending}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Descartar alterações
              </Button>
            )}
            <Button onClick={onSave} disabled={!dirty || tooLong} isLoading={save.isPending}>
              {!save.isPending && <Save aria-hidden="true" className="size-4" />}
              Salvar
            </Button>
          </div>
        )}
      </div>

      {readOnly && (
        <p className="flex items-center gap-2 border-slate-200 border-b bg-slate-50 px-5 py-2.5 text-slate-600 text-sm dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300">
          <Lock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          Somente leitura: peça a um administrador para editar a base de conhecimento.
        </p>
      )}
      {changedUnderneath && (
        <p
          role="status"
          className="flex items-start gap-2 border-amber-200 border-b bg-amber-50 px-5 py-2.5 text-amber-900 text-sm dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />A base mudou desde que você
          começou a editar (por exemplo, uma lacuna foi adicionada). Salvar substitui a versão atual pelo seu
          texto.
        </p>
      )}

      <div className="p-3 sm:p-5">
        {kb.isPending ? (
          <Skeleton className="h-[28rem] w-full sm:h-[36rem]" />
        ) : kb.isError ? (
          <div
            role="alert"
            className="flex h-[28rem] flex-col items-center justify-center gap-3 text-center sm:h-[36rem]"
          >
            <AlertCircle aria-hidden="true" className="size-8 text-red-500" />
            <p className="font-medium text-slate-900 text-sm dark:text-slate-100">
              Erro ao carregar a base de conhecimento
            </p>
            <p className="text-slate-500 text-sm dark:text-slate-400">{kb.error.message}</p>
            <Button variant="secondary" size="sm" onClick={() => void kb.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <>
            <textarea
              id={`${id}-kb`}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              readOnly={readOnly}
              spellCheck={false}
              aria-describedby={`${id}-kb-help ${id}-kb-count`}
              aria-invalid={tooLong || undefined}
              placeholder={'## Qual o horário de funcionamento?\nAbrimos de segunda a sábado, das 9h às 18h.'}
              className={cn(
                'block h-[28rem] w-full resize-y rounded-lg border px-4 py-3 font-mono text-[13px] leading-6 shadow-xs focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-500 sm:h-[36rem]',
                tooLong ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
                readOnly
                  ? 'bg-slate-50 text-slate-600 dark:bg-slate-950/60 dark:text-slate-400'
                  : 'bg-white text-slate-800 dark:bg-slate-950 dark:text-slate-200',
              )}
            />
            <div className="mt-2 flex flex-col gap-1 text-xs sm:flex-row sm:items-start sm:justify-between sm:gap-6">
              <p id={`${id}-kb-help`} className="text-slate-500 dark:text-slate-400">
                Cada pergunta é um título{' '}
                <code className="rounded bg-slate-100 px-1 font-mono dark:bg-slate-800">## Pergunta</code>{' '}
                seguido da resposta. A IA reindexa a base assim que ela é salva.
              </p>
              <p
                id={`${id}-kb-count`}
                className={cn(
                  'shrink-0 tabular-nums',
                  tooLong
                    ? 'font-medium text-red-600 dark:text-red-400'
                    : 'text-slate-500 dark:text-slate-400',
                )}
                data-testid="kb-char-count"
              >
                {formatNumber(value.length)} / {formatNumber(MAX)} caracteres
                {dirty && !tooLong && (
                  <span className="ml-2 text-amber-700 dark:text-amber-400">• não salvo</span>
                )}
              </p>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
