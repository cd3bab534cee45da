import type { ChannelKindInfo, Inbox } from '@atende/contracts';
import { Inbox as InboxIcon, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, Skeleton } from '@/components/ui';
import { useInboxes } from '@/lib/api/get-inboxes';
import { useInboxesRealtime } from '@/lib/api/use-inboxes-realtime';
import { useAuth } from '@/lib/session';
import { useInboxKinds } from '../api/get-inbox-kinds';
import { useTeamMembers } from '../api/get-team-members';
import { accessSummary } from '../lib/access-summary';
import { InboxFormDialog } from './inbox-form-dialog';
import { InboxRow } from './inbox-row';
import { PairInboxDialog } from './pair-inbox-dialog';

type Dialog = { type: 'add' } | { type: 'edit'; inboxId: string } | { type: 'pair'; inboxId: string } | null;

/** Integrations › Caixas de entrada: every connected number; admins add, pair, edit and remove them. */
export function InboxesCard() {
  useInboxesRealtime();
  const isAdmin = useAuth().user?.role === 'admin';
  const inboxes = useInboxes();
  const kinds = useInboxKinds({ enabled: isAdmin });
  const team = useTeamMembers({
    enabled: isAdmin && Boolean(inboxes.data?.some((inbox) => inbox.operatorAccess === 'members')),
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const kindOf = (inbox: Inbox): ChannelKindInfo | undefined =>
    kinds.data?.find((kind) => kind.kind === inbox.kind);
  const find = (id: string) => inboxes.data?.find((inbox) => inbox.id === id);
  const pairingInbox = dialog?.type === 'pair' ? find(dialog.inboxId) : undefined;
  const editingInbox = dialog?.type === 'edit' ? find(dialog.inboxId) : undefined;

  return (
    <Card role="region" aria-labelledby="inboxes-title" data-testid="inboxes-card">
      <div className="flex flex-col gap-3 px-5 pt-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="inboxes-title" className="font-semibold text-base text-slate-900 dark:text-slate-100">
            Caixas de entrada
          </h2>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">
            Cada caixa é um número de WhatsApp conectado ao Atende. As conversas de cada número ficam na sua
            caixa, com o agente de IA e a equipe que você escolher.
          </p>
        </div>
        {isAdmin ? (
          <Button className="shrink-0 self-start" onClick={() => setDialog({ type: 'add' })}>
            <Plus aria-hidden="true" className="size-4" />
            Adicionar caixa de entrada
          </Button>
        ) : null}
      </div>
      {!isAdmin ? (
        <p className="mx-5 mt-3 rounded-lg bg-slate-50 px-3 py-2 text-slate-600 text-xs dark:bg-slate-800/60 dark:text-slate-300">
          Somente administradores adicionam, conectam e alteram caixas de entrada.
        </p>
      ) : null}
      <div className="mt-4 border-slate-200 border-t dark:border-slate-800">
        {inboxes.isPending ? (
          <div className="space-y-3 p-5" aria-busy="true">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : inboxes.isError ? (
          <div className="flex flex-col items-start gap-3 p-5">
            <p role="alert" className="text-red-700 text-sm dark:text-red-300">
              Erro ao carregar as caixas de entrada: {inboxes.error.message}
            </p>
            <Button variant="secondary" onClick={() => void inboxes.refetch()} isLoading={inboxes.isFetching}>
              Tentar novamente
            </Button>
          </div>
        ) : inboxes.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
            <InboxIcon aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
            <p className="font-medium text-slate-800 text-sm dark:text-slate-200">Nenhuma caixa de entrada</p>
            <p className="max-w-sm text-slate-500 text-sm dark:text-slate-400">
              {isAdmin
                ? 'Adicione um número de WhatsApp para começar a receber conversas.'
                : 'Peça a um administrador para conectar um número.'}
            </p>
          </div>
        ) : (
          <ul aria-label="Caixas de entrada" className="divide-y divide-slate-200 dark:divide-slate-800">
            {inboxes.data.map((inbox) => (
              <InboxRow
                key={inbox.id}
                inbox={inbox}
                kind={kindOf(inbox)}
                access={accessSummary(inbox, team.data)}
                isAdmin={isAdmin}
                onPair={() => setDialog({ type: 'pair', inboxId: inbox.id })}
                onEdit={() => setDialog({ type: 'edit', inboxId: inbox.id })}
              />
            ))}
          </ul>
        )}
      </div>
      {isAdmin ? (
        <>
          <InboxFormDialog
            open={dialog?.type === 'add' || Boolean(editingInbox)}
            onOpenChange={(open) => {
              if (!open) close();
            }}
            inbox={editingInbox}
            onCreated={(inbox, kind) => {
              if (kind.pairing !== 'none') setDialog({ type: 'pair', inboxId: inbox.id });
            }}
          />
          <PairInboxDialog
            open={dialog?.type === 'pair'}
            onOpenChange={(open) => {
              if (!open) close();
            }}
            inbox={pairingInbox}
            kind={pairingInbox ? kindOf(pairingInbox) : undefined}
          />
        </>
      ) : null}
    </Card>
  );
}
