import type { ChannelKindInfo, Inbox } from '@atende/contracts';
import { Inbox as InboxIcon, Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/integration-card/empty-state';
import { IntegrationCard } from '@/components/integration-card/integration-card';
import { ItemList } from '@/components/integration-card/item-row';
import { QueryBody } from '@/components/integration-card/query-body';
import { Button } from '@/components/ui';
import { useInboxes } from '@/lib/api/get-inboxes';
import { useInboxesRealtime } from '@/lib/api/use-inboxes-realtime';
import { useAuth } from '@/lib/session';
import { useInboxKinds } from '../api/get-inbox-kinds';
import { useTeamMembers } from '../api/get-team-members';
import { accessSummary } from '../lib/access-summary';
import { BusinessHoursDialog } from './business-hours-dialog';
import { InboxFormDialog } from './inbox-form-dialog';
import { InboxRow } from './inbox-row';
import { PairInboxDialog } from './pair-inbox-dialog';
import { SatisfactionDialog } from './satisfaction-dialog';

type Dialog =
  | { type: 'add' }
  | { type: 'edit'; inboxId: string }
  | { type: 'pair'; inboxId: string }
  | { type: 'hours'; inboxId: string }
  | { type: 'satisfaction'; inboxId: string }
  | null;

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
  const hoursInbox = dialog?.type === 'hours' ? find(dialog.inboxId) : undefined;
  const surveyInbox = dialog?.type === 'satisfaction' ? find(dialog.inboxId) : undefined;

  return (
    <IntegrationCard
      id="inboxes"
      testId="inboxes-card"
      title="Caixas de entrada"
      description="Cada caixa é um número de WhatsApp conectado ao Atende. As conversas de cada número ficam na sua caixa, com o agente de IA e a equipe que você escolher."
      action={
        isAdmin ? (
          <Button className="shrink-0 self-start" onClick={() => setDialog({ type: 'add' })}>
            <Plus aria-hidden="true" className="size-4" />
            Adicionar caixa de entrada
          </Button>
        ) : null
      }
      notice={isAdmin ? null : 'Somente administradores adicionam, conectam e alteram caixas de entrada.'}
    >
      <QueryBody
        query={inboxes}
        skeletons={['h-14', 'h-14']}
        what="as caixas de entrada"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState icon={InboxIcon} title="Nenhuma caixa de entrada">
            {isAdmin
              ? 'Adicione um número de WhatsApp para começar a receber conversas.'
              : 'Peça a um administrador para conectar um número.'}
          </EmptyState>
        }
      >
        {(list) => (
          <ItemList label="Caixas de entrada">
            {list.map((inbox) => (
              <InboxRow
                key={inbox.id}
                inbox={inbox}
                kind={kindOf(inbox)}
                access={accessSummary(inbox, team.data)}
                isAdmin={isAdmin}
                onPair={() => setDialog({ type: 'pair', inboxId: inbox.id })}
                onEdit={() => setDialog({ type: 'edit', inboxId: inbox.id })}
                onBusinessHours={() => setDialog({ type: 'hours', inboxId: inbox.id })}
                onSatisfaction={() => setDialog({ type: 'satisfaction', inboxId: inbox.id })}
              />
            ))}
          </ItemList>
        )}
      </QueryBody>
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
          <BusinessHoursDialog
            open={dialog?.type === 'hours'}
            onOpenChange={(open) => {
              if (!open) close();
            }}
            inbox={hoursInbox}
          />
          <SatisfactionDialog
            open={dialog?.type === 'satisfaction'}
            onOpenChange={(open) => {
              if (!open) close();
            }}
            inbox={surveyInbox}
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
    </IntegrationCard>
  );
}
