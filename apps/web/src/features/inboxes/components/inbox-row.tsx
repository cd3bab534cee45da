import type { ChannelKindInfo, Inbox } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreVertical, Pencil, Phone, QrCode, RefreshCw, Trash2, Unplug, Users } from 'lucide-react';
import { InboxConnectionBadge } from '@/components/inbox-connection-badge';
import { Button, toast, useConfirm } from '@/components/ui';
import { cn } from '@/lib/cn';
import { channelKindLabel, summarizeConnection } from '@/lib/inbox-connection';
import { useDisconnectInbox } from '../api/disconnect-inbox';
import { useReconnectInbox } from '../api/reconnect-inbox';
import { useRemoveInbox } from '../api/remove-inbox';
import { useUpdateInbox } from '../api/update-inbox';
import { ChannelKindIcon } from './channel-kind-icon';
import { InboxSwitch } from './inbox-switch';

interface Props {
  inbox: Inbox;
  /** The server's description of the inbox's kind (admins only). */
  kind: ChannelKindInfo | undefined;
  access: string;
  isAdmin: boolean;
  onPair: () => void;
  onEdit: () => void;
}

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-slate-700 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800';

/** One inbox: what it is, its state, the agent switch, who sees it and (for admins) what to do. */
export function InboxRow({ inbox, kind, access, isAdmin, onPair, onEdit }: Props) {
  const confirm = useConfirm();
  const update = useUpdateInbox();
  const reconnect = useReconnectInbox();
  const disconnect = useDisconnectInbox();
  const remove = useRemoveInbox();
  const { status } = inbox;
  const summary = summarizeConnection(status);
  const kindLabel = kind?.label ?? channelKindLabel(inbox.kind);
  const pairing = kind?.pairing ?? (inbox.kind === 'cloud-api' ? 'none' : 'qr');
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
    <li
      data-testid="inbox-row"
      data-inbox-id={inbox.id}
      className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ChannelKindIcon kind={inbox.kind} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="truncate font-medium text-slate-900 text-sm dark:text-slate-100">{inbox.name}</h3>
            {inbox.primary ? (
              <span className="rounded bg-slate-100 px-1.5 py-px font-medium text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                Principal
              </span>
            ) : null}
            <InboxConnectionBadge status={status} />
          </div>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-slate-500 text-xs dark:text-slate-400">
            <span>{kindLabel}</span>
            <span className="inline-flex items-center gap-1 tabular-nums">
              <Phone aria-hidden="true" className="size-3.5 shrink-0" />
              {inbox.phone ?? status.phone ?? 'Sem número conectado'}
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
        <InboxSwitch
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
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger asChild>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Ações de ${inbox.name}`}
                  isLoading={reconnect.isPending || disconnect.isPending || remove.isPending}
                >
                  <MoreVertical aria-hidden="true" className="size-4" />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={6}
                  collisionPadding={8}
                  className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
                >
                  {pairing !== 'none' ? (
                    <DropdownMenu.Item className={menuItem} onSelect={onPair} disabled={!inbox.installed}>
                      <QrCode aria-hidden="true" className="size-4" /> Parear
                    </DropdownMenu.Item>
                  ) : null}
                  <DropdownMenu.Item className={menuItem} onSelect={onEdit}>
                    <Pencil aria-hidden="true" className="size-4" /> Editar
                  </DropdownMenu.Item>
                  <DropdownMenu.Item
                    className={menuItem}
                    onSelect={() => reconnect.mutate(inbox.id)}
                    disabled={!inbox.installed}
                  >
                    <RefreshCw aria-hidden="true" className="size-4" /> Reconectar
                  </DropdownMenu.Item>
                  {pairing !== 'none' ? (
                    <DropdownMenu.Item
                      className={menuItem}
                      onSelect={() => void askDisconnect()}
                      disabled={!status.connected}
                    >
                      <Unplug aria-hidden="true" className="size-4" /> Desconectar número
                    </DropdownMenu.Item>
                  ) : null}
                  <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
                  <DropdownMenu.Item
                    className={cn(menuItem, 'text-red-600 dark:text-red-400')}
                    onSelect={() => void askRemove()}
                  >
                    <Trash2 aria-hidden="true" className="size-4" /> Remover
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </div>
        ) : null}
      </div>
    </li>
  );
}
