import type { WhatsappStatus } from '@atende/contracts';
import { formatPhone } from '@atende/contracts';
import { CheckCircle2, Loader2, QrCode, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { channelKind, channelKindLabel } from '@/channels/registry';
import { SimulatorPairButton } from '@/channels/simulator/simulator-pair-button';
import { QrImage } from '@/components/qr-image';
import { Button, useConfirm } from '@/components/ui';
import { useInboxes } from '@/lib/api/get-inboxes';
import { formatPairingCode } from '@/lib/inbox-connection';
import { useAuth } from '@/lib/session';
import { useWhatsappStatus } from '../api/get-whatsapp-status';
import { useLogoutWhatsapp } from '../api/logout-whatsapp';
import { usePairSimulator } from '../api/pair-simulator';
import { useReconnectWhatsapp } from '../api/reconnect-whatsapp';
import { OtherInboxes } from './other-inboxes';
import { Panel } from './panel';
import { WhatsappProblem } from './whatsapp-problem';

export const WHATSAPP_STATUS_ERROR = 'Erro ao carregar status do WhatsApp';

/**
 * Connection card (spec §4): the primary inbox connected, disconnected, or a QR waiting to be scanned;
 * below it, a line per other inbox with its state.
 */
export function WhatsappCard({ className }: { className?: string }) {
  const status = useWhatsappStatus();
  const inboxesQuery = useInboxes();
  const inboxes = inboxesQuery.data ?? [];
  const primary = inboxes.find((inbox) => inbox.primary);
  const others = inboxes.filter((inbox) => !inbox.primary);
  const isMultiple = inboxes.length > 1;
  // An operator kept out of the primary inbox sees only the numbers open to them.
  const hidesPrimary = inboxesQuery.isSuccess && !primary;
  const reconnect = useReconnectWhatsapp();
  const pair = usePairSimulator();
  const logout = useLogoutWhatsapp();
  const confirm = useConfirm();
  const isAdmin = useAuth().user?.role === 'admin';

  const reconnectButton = (
    <Button variant="secondary" onClick={() => reconnect.mutate()} isLoading={reconnect.isPending}>
      Reconectar
    </Button>
  );
  // An expired QR waits for a person: reconnecting is how a new one is made.
  const newQrButton = (
    <Button onClick={() => reconnect.mutate()} isLoading={reconnect.isPending}>
      {reconnect.isPending ? null : <QrCode aria-hidden="true" className="size-4" />}
      Gerar novo QR code
    </Button>
  );

  // Unlinking the number stops the channel for everyone: admins only, and confirmed.
  const logoutButton =
    isAdmin && status.data && channelKind(status.data.channel).canUnlink ? (
      <Button
        variant="secondary"
        isLoading={logout.isPending}
        onClick={async () => {
          const ok = await confirm({
            variant: 'warning',
            message:
              'Desconectar este aparelho do WhatsApp? Ele sai da lista de aparelhos conectados do celular e será preciso escanear um novo QR code.',
            confirmLabel: 'Desconectar',
          });
          if (ok) logout.mutate();
        }}
      >
        Desconectar
      </Button>
    ) : null;

  let body: ReactNode;
  if (hidesPrimary) {
    body =
      others.length > 0 ? null : (
        <p className="text-slate-500 text-sm dark:text-slate-400">
          Nenhuma caixa de entrada disponível para você.
        </p>
      );
  } else if (status.data) {
    body = (
      <StatusBody
        status={status.data}
        onPair={(code) => pair.mutate(code)}
        isPairing={pair.isPending}
        reconnectButton={reconnectButton}
        newQrButton={newQrButton}
        logoutButton={logoutButton}
      />
    );
  } else if (status.isError) {
    body = (
      <div className="flex flex-1 flex-col items-start gap-3">
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {WHATSAPP_STATUS_ERROR}
        </p>
        <Button variant="secondary" onClick={() => void status.refetch()} isLoading={status.isFetching}>
          Tentar novamente
        </Button>
      </div>
    );
  } else {
    body = <div aria-hidden="true" className="h-24 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />;
  }

  return (
    <Panel
      id="whatsapp-title"
      title="Conexão WhatsApp"
      subtitle={isMultiple ? `${inboxes.length} caixas de entrada` : 'Canal de atendimento'}
      action={
        isAdmin ? (
          <Link
            to="/integrations"
            className="rounded font-medium text-indigo-600 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          >
            Gerenciar
          </Link>
        ) : undefined
      }
      className={className}
    >
      <div id="whatsapp" className="@container flex flex-1 flex-col gap-3">
        {isMultiple && primary ? (
          <p className="flex min-w-0 items-center gap-2" data-testid="whatsapp-primary-name">
            <span className="truncate font-medium text-slate-800 text-sm dark:text-slate-200">
              {primary.name}
            </span>
            <span className="shrink-0 rounded bg-slate-100 px-1.5 py-px font-medium text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              Principal
            </span>
          </p>
        ) : null}
        {body}
        {others.length > 0 ? (
          <OtherInboxes inboxes={others} title={hidesPrimary ? null : 'Outras caixas de entrada'} />
        ) : null}
      </div>
    </Panel>
  );
}

interface StatusBodyProps {
  status: WhatsappStatus;
  onPair: (code: string) => void;
  isPairing: boolean;
  reconnectButton: ReactNode;
  newQrButton: ReactNode;
  logoutButton: ReactNode;
}

function StatusBody({
  status,
  onPair,
  isPairing,
  reconnectButton,
  newQrButton,
  logoutButton,
}: StatusBodyProps) {
  const channel = channelKindLabel(status.channel);

  if (status.connected) {
    return (
      <div className="flex flex-1 flex-col gap-4" data-testid="whatsapp-connected">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300">
            <CheckCircle2 aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="font-medium text-slate-900 dark:text-slate-100">Conectado</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">Recebendo e enviando mensagens</p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Número</dt>
            <dd className="font-medium text-slate-800 tabular-nums dark:text-slate-200">
              {formatPhone(status.phone) || '—'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Canal</dt>
            <dd className="font-medium text-slate-800 dark:text-slate-200">{channel}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2">
          {reconnectButton}
          {logoutButton}
        </div>
      </div>
    );
  }

  if (status.qr) {
    const pairsOnScreen = channelKind(status.channel).pairsOnScreen === true;
    const canPair = pairsOnScreen && status.pairingCode;
    return (
      <div
        className="flex flex-1 flex-col gap-4 @md:flex-row @md:items-start"
        data-testid="whatsapp-qr-pending"
      >
        <QrImage value={status.qr} />
        <div className="flex min-w-0 flex-col gap-3">
          {status.problem === 'logged_out' ? (
            <p role="status" className="text-sm text-amber-700 dark:text-amber-300">
              {status.reason}
            </p>
          ) : null}
          <p className="font-medium text-slate-900 dark:text-slate-100">Escaneie o QR code para conectar</p>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-400">
            <li>Abra o WhatsApp no seu celular</li>
            <li>
              Toque em{' '}
              <strong className="font-medium text-slate-800 dark:text-slate-200">Aparelhos conectados</strong>
            </li>
            <li>
              Toque em{' '}
              <strong className="font-medium text-slate-800 dark:text-slate-200">Conectar um aparelho</strong>{' '}
              e aponte a câmera para este código
            </li>
          </ol>
          <div className="flex flex-wrap gap-2">
            {canPair ? (
              <SimulatorPairButton onPair={() => onPair(status.pairingCode!)} isPairing={isPairing} />
            ) : null}
            {reconnectButton}
          </div>
          {canPair ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Canal {channel}: o botão faz o papel do celular e conclui o pareamento.
            </p>
          ) : null}
          {!pairsOnScreen && status.pairingCode ? (
            <p data-testid="whatsapp-pairing-code" className="text-sm text-slate-600 dark:text-slate-300">
              Ou, em <strong className="font-medium">Conectar com número</strong>, digite o código{' '}
              <span className="font-mono font-semibold text-slate-900 tracking-widest dark:text-white">
                {formatPairingCode(status.pairingCode)}
              </span>
            </p>
          ) : null}
        </div>
      </div>
    );
  }

  if (status.problem && status.problem !== 'logged_out') {
    return (
      <div className="flex flex-1 flex-col gap-4" data-testid="whatsapp-disconnected">
        <WhatsappProblem status={status} />
        <div className="mt-auto">{status.problem === 'qr_expired' ? newQrButton : reconnectButton}</div>
      </div>
    );
  }

  return (
    <div className="flex flex-1 flex-col gap-4" data-testid="whatsapp-disconnected">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
          {status.state === 'connecting' ? (
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <WifiOff aria-hidden="true" className="size-5" />
          )}
        </span>
        <div>
          <p className="font-medium text-slate-900 dark:text-slate-100">
            {status.state === 'connecting' ? 'Conectando...' : 'Desconectado'}
          </p>
          <p className="text-sm text-slate-500 dark:text-slate-400">Canal: {channel}</p>
        </div>
      </div>
      {status.reason && status.state !== 'connecting' ? (
        <p
          role="alert"
          data-testid="whatsapp-disconnected-reason"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/15 dark:text-red-200"
        >
          {status.reason}
        </p>
      ) : null}
      <div className="mt-auto">{reconnectButton}</div>
    </div>
  );
}
