import type { KnowledgeGap } from '@atende/contracts';
import { AlertCircle, Lock, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, Skeleton, useConfirm } from '@/components/ui';
import { useDismissKnowledgeGap } from '../api/dismiss-knowledge-gap';
import { useKnowledgeGaps } from '../api/get-knowledge-gaps';
import { GapItem } from './gap-item';
import { ResolveGapModal } from './resolve-gap-modal';

export const EMPTY_GAPS = 'Nenhuma lacuna de conhecimento no momento';

/** The questions the AI could not answer well, most asked first. */
export function GapsSection({ canManage }: { canManage: boolean }) {
  const gaps = useKnowledgeGaps();
  const dismiss = useDismissKnowledgeGap();
  const confirm = useConfirm();
  const [resolving, setResolving] = useState<KnowledgeGap | null>(null);

  const onDismiss = async (gap: KnowledgeGap) => {
    const ok = await confirm({
      title: 'Descartar lacuna',
      message: (
        <>
          A pergunta{' '}
          <strong className="font-medium text-slate-900 dark:text-slate-100">“{gap.question}”</strong> sai da
          lista sem ser adicionada à base de conhecimento.
        </>
      ),
      confirmLabel: 'Descartar',
    });
    if (ok) dismiss.mutate(gap.id);
  };

  return (
    <div className="space-y-4">
      {!canManage && (
        <p className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-600 text-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <Lock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          Somente administradores podem adicionar lacunas à base ou descartá-las.
        </p>
      )}
      <Card className="overflow-hidden">
        {gaps.isPending ? (
          <GapsSkeleton />
        ) : gaps.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <AlertCircle aria-hidden="true" className="size-8 text-red-500" />
            <p className="font-medium text-slate-900 text-sm dark:text-slate-100">
              Erro ao carregar as lacunas
            </p>
            <p className="text-slate-500 text-sm dark:text-slate-400">{gaps.error.message}</p>
            <Button variant="secondary" size="sm" onClick={() => void gaps.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : gaps.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400">
              <PartyPopper aria-hidden="true" className="size-6" />
            </span>
            <p className="font-medium text-slate-900 text-sm dark:text-slate-100">{EMPTY_GAPS}</p>
            <p className="max-w-sm text-slate-500 text-sm dark:text-slate-400">
              Quando a IA transferir uma pergunta para um humano ou responder com baixa confiança, ela aparece
              aqui.
            </p>
          </div>
        ) : (
          <ul
            aria-label="Lacunas de conhecimento"
            className="divide-y divide-slate-200 dark:divide-slate-800"
          >
            {gaps.data.map((gap) => (
              <GapItem
                key={gap.id}
                gap={gap}
                canManage={canManage}
                onAdd={setResolving}
                onDismiss={(g) => void onDismiss(g)}
                isDismissing={dismiss.isPending && dismiss.variables === gap.id}
              />
            ))}
          </ul>
        )}
      </Card>
      <ResolveGapModal gap={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}

function GapsSkeleton() {
  return (
    <ul
      aria-busy="true"
      aria-label="Carregando lacunas"
      className="divide-y divide-slate-200 dark:divide-slate-800"
    >
      {[0, 1, 2].map((i) => (
        <li key={i} className="space-y-3 px-5 py-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-12 w-full" />
        </li>
      ))}
    </ul>
  );
}
