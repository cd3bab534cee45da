import type { ChannelKindInfo, Inbox } from '@atende/contracts';
import { formatPhone } from '@atende/contracts';
import { Clock, Pencil, Phone, QrCode, RefreshCw, Smile, Trash2, Unplug, Users } from 'lucide-react';
import { ChannelKindIcon } from '@/channels/channel-kind-icon';
import { channelKind, channelKindLabel } from '@/channels/registry';
import { InboxConnectionBadge } from '@/components/inbox-connection-badge';
import { ItemRow, ItemTag, ItemTitle } from '@/components/integration-card/item-row';
import { RowMenu, RowMenuItem } from '@/components/integration-card/row-menu';
import { Button, Switch, toast, useConfirm } from '@/components/ui';
import { summarizeConnection } from '@/lib/inbox-connection';
import { useDisconnectInbox } from '../api/disconnect-inbox';
import { useReconnectInbox } from '../api/reconnect-inbox';
import { useRemoveInbox } from '../api/remove-inbox';
import { useUpdateInbox } from '../api/update-inbox';

interface Props {
  inbox: Inbox;
  /** The server's description of the inbox's kind (admins only). */
  kind: ChannelKindInfo | undefined;
  access: string;
  isAdmin: boolean;
  onPair: () => void;
  onEdit: () => void;
  onBusinessHours: () => void;
  onSatisfaction: () => void;
}

/** One inbox: what it is, its state, the agent switch, who sees it and (for admins) what to do. */
export function InboxRow({
  inbox,
  kind,
  access,
  isAdmin,
  onPair,
  onEdit,
  onBusinessHours,
  onSatisfaction,
}: Props) {
  const confirm = useConfirm();
  const update = useUpdateInbox();
  const reconnect = useReconnectInbox();
  const disconnect = useDisconnectInbox();
  const remove = useRemoveInbox();
  const { status } = inbox;
  const summary = summarizeConnection(status);
  const kindLabel = kind?.label ?? channelKindLabel(inbox.kind);
  const pairing = kind?.pairing ?? channelKind(inbox.kind).pairing;
  const needsPairing = pairing !== 'none' && !status.connected;

  const setAgent = (agentEnabled: boolean) =>
    update.mutate(
      { id: inbox.id, changes: { agentEnabled } },
      {
        onSuccess: () => toast.success(agentEnabled ? 'Agente de IA ligado' : 'Agente de IA desligado'),
        onError: (error) => toast.error('Erro ao alterar o agente de IA', error.message),
      },
    );

  const askDisconnect = async () => {
    const ok = await confirm({
      variant: 'warning',
      title: 'Desconectar número',
      message: `Desconectar o número de ${inbox.name}? Ele sai dos aparelhos conectados do celular e as mensagens deixam de chegar até ler um novo QR code.`,
      confirmLabel: 'Desconectar',
    });
    if (ok) disconnect.mutate(inbox.id);
  };

  const askRemove = async () => {
    const ok = await confirm({
      variant: 'error',
      title: 'Remover caixa de entrada',
      message: (
        <>
          <p>
            Remover <strong>{inbox.name}</strong>? O número para de receber e enviar mensagens pelo Atende.
          </p>
          <p className="mt-2">
            O histórico fica: as conversas desta caixa continuam na lista, com o nome dela, para consulta.
          </p>
        </>
      ),
      confirmLabel: 'Remover',
    });
    if (ok) remove.mutate(inbox.id);
  };

  return (
    <ItemRow data-testid="inbox-row" data-inbox-id={inbox.id}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ChannelKindIcon kind={inbox.kind} />
        <div className="min-w-0 flex-1">
          <ItemTitle
            badges={
              <>
                {inbox.primary ? <ItemTag>Principal</ItemTag> : null}
                <InboxConnectionBadge status={status} />
              </>
            }
          >
            {inbox.name}
          </ItemTitle>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-slate-500 text-xs dark:text-slate-400">
            <span>{kindLabel}</span>
            <span className="inline-flex items-center gap-1 tabular-nums">
              <Phone aria-hidden="true" className="size-3.5 shrink-0" />
              {formatPhone(inbox.phone ?? status.phone) || 'Sem número conectado'}
            </span>
            <span className="inline-flex min-w-0 items-center gap-1">
              <Users aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">Quem pode ver:</span>
              <span className="truncate" data-testid="inbox-access">
                {access}
              </span>
            </span>
          </p>
          {summary.reason ? (
            <p
              data-testid="inbox-reason"
              className="mt-1.5 rounded-md bg-red-50 px-2 py-1 text-red-800 text-xs dark:bg-red-500/10 dark:text-red-200"
            >
              {summary.reason}
            </p>
          ) : null}
          {!inbox.installed ? (
            <p className="mt-1.5 text-amber-700 text-xs dark:text-amber-300">
              Este tipo de canal não está instalado neste servidor.
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex items-center gap-3 pl-12 sm:pl-0">
        <Switch
          label="Agente de IA"
          ariaLabel={`Agente de IA em ${inbox.name}`}
          checked={inbox.agentEnabled}
          disabled={!isAdmin || update.isPending}
          onChange={setAgent}
        />
        {isAdmin ? (
          <div className="ml-auto flex items-center gap-1 sm:ml-0">
            {needsPairing && inbox.installed ? (
              <Button size="sm" onClick={onPair} aria-label={`Conectar ${inbox.name}`}>
                <QrCode aria-hidden="true" className="size-4" />
                Conectar
              </Button>
            ) : null}
            <RowMenu
              label={`Ações de ${inbox.name}`}
              isBusy={reconnect.isPending || disconnect.isPending || remove.isPending}
            >
              {pairing !== 'none' ? (
                <RowMenuItem icon={QrCode} onSelect={onPair} disabled={!inbox.installed}>
                  Parear
                </RowMenuItem>
              ) : null}
              <RowMenuItem icon={Pencil} onSelect={onEdit}>
                Editar
              </RowMenuItem>
              <RowMenuItem icon={Clock} onSelect={onBusinessHours}>
                Horário de atendimento
              </RowMenuItem>
              <RowMenuItem icon={Smile} onSelect={onSatisfaction}>
                Pesquisa de satisfação
              </RowMenuItem>
              <RowMenuItem
                icon={RefreshCw}
                onSelect={() => reconnect.mutate(inbox.id)}
                disabled={!inbox.installed}
              >
                Reconectar
              </RowMenuItem>
              {pairing !== 'none' ? (
                <RowMenuItem icon={Unplug} onSelect={() => void askDisconnect()} disabled={!status.connected}>
                  Desconectar número
                </RowMenuItem>
              ) : null}
              <RowMenuItem icon={Trash2} onSelect={() => void askRemove()} isDanger>
                Remover
              </RowMenuItem>
            </RowMenu>
          </div>
        ) : null}
      </div>
    </ItemRow>
  );
}
