import type { ChannelKindInfo, Inbox } from '@atende/contracts';
import { formatPhone } from '@atende/contracts';
import { CheckCircle2, Loader2, QrCode, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { channelKind, channelKindLabel } from '@/channels/registry';
import { SimulatorPairButton } from '@/channels/simulator/simulator-pair-button';
import { QrImage } from '@/components/qr-image';
import { Button, Modal } from '@/components/ui';
import { usePairSimulatorInbox } from '../api/pair-simulator-inbox';
import { useReconnectInbox } from '../api/reconnect-inbox';
import { PairingCodeForm } from './pairing-code-form';

interface Props {
  /** The inbox as the live list has it: its QR changes with each `inbox:status`. */
  inbox: Inbox | undefined;
  /** The server's description of the inbox's kind (how it pairs, its name). */
  kind: ChannelKindInfo | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Links a number to an inbox: the live QR, the simulator's shortcut, or an 8-character code. */
export function PairInboxDialog({ inbox, kind, open, onOpenChange }: Props) {
  const pairing = kind?.pairing ?? 'qr';
  return (
    <Modal
      open={open && Boolean(inbox)}
      onOpenChange={onOpenChange}
      size="lg"
      title={inbox ? `Conectar ${inbox.name}` : 'Conectar'}
      description={inbox ? (kind?.label ?? channelKindLabel(inbox.kind)) : undefined}
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {inbox?.status.connected ? 'Concluir' : 'Fechar'}
        </Button>
      }
    >
      {inbox ? <PairingBody inbox={inbox} pairing={pairing} /> : null}
    </Modal>
  );
}

function PairingBody({ inbox, pairing }: { inbox: Inbox; pairing: ChannelKindInfo['pairing'] }) {
  const [useCode, setUseCode] = useState(false);
  const pair = usePairSimulatorInbox();
  const reconnect = useReconnectInbox();
  const { status } = inbox;

  if (status.connected) {
    return (
      <div className="flex items-center gap-3" role="status" data-testid="pair-connected">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300">
          <CheckCircle2 aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="font-medium text-slate-900 dark:text-slate-100">Conectado</p>
          <p className="text-slate-500 dark:text-slate-400">
            {(status.phone ?? inbox.phone)
              ? `Número ${formatPhone(status.phone ?? inbox.phone)} recebendo e enviando mensagens.`
              : 'Recebendo e enviando mensagens.'}
          </p>
        </div>
      </div>
    );
  }

  if (useCode && pairing === 'qr-or-code') {
    return (
      <PairingCodeForm
        inboxId={inbox.id}
        currentCode={status.pairingCode}
        onUseQr={() => setUseCode(false)}
      />
    );
  }

  if (status.qr) {
    const simulatorCode = channelKind(inbox.kind).pairsOnScreen ? status.pairingCode : null;
    return (
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start" data-testid="pair-qr">
        <QrImage value={status.qr} alt={`QR code para conectar ${inbox.name}`} testId="inbox-qr" />
        <div className="flex min-w-0 flex-col gap-3">
          {status.problem === 'logged_out' && status.reason ? (
            <p role="status" className="text-amber-700 dark:text-amber-300">
              {status.reason}
            </p>
          ) : null}
          <p className="font-medium text-slate-900 dark:text-slate-100">Escaneie o QR code com o celular</p>
          <ol className="list-decimal space-y-1 pl-5 text-slate-600 dark:text-slate-400">
            <li>Abra o WhatsApp no celular do número</li>
            <li>
              Toque em{' '}
              <strong className="font-medium text-slate-800 dark:text-slate-200">Aparelhos conectados</strong>
            </li>
            <li>
              Toque em{' '}
              <strong className="font-medium text-slate-800 dark:text-slate-200">Conectar um aparelho</strong>{' '}
              e aponte a câmera para o código
            </li>
          </ol>
          <p className="text-slate-500 text-xs dark:text-slate-400">
            O código se renova sozinho enquanto esta janela está aberta.
          </p>
          <div className="flex flex-wrap gap-2">
            {simulatorCode ? (
              <SimulatorPairButton onPair={() => pair.mutate(simulatorCode)} isPairing={pair.isPending} />
            ) : null}
            {pairing === 'qr-or-code' ? (
              <Button variant="secondary" onClick={() => setUseCode(true)}>
                Usar código de pareamento
              </Button>
            ) : null}
          </div>
          {simulatorCode ? (
            <p className="text-slate-500 text-xs dark:text-slate-400">
              No simulador, o botão faz o papel do celular e conclui o pareamento.
            </p>
          ) : null}
        </div>
      </div>
    );
  }

  const isConnecting = status.state === 'connecting';
  const isQrExpired = status.problem === 'qr_expired';
  return (
    <div className="flex flex-col items-start gap-4" data-testid="pair-waiting">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
          {isConnecting ? (
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
          ) : isQrExpired ? (
            <QrCode aria-hidden="true" className="size-5" />
          ) : (
            <WifiOff aria-hidden="true" className="size-5" />
          )}
        </span>
        <div role="status">
          <p className="font-medium text-slate-900 dark:text-slate-100">
            {isConnecting ? 'Conectando…' : isQrExpired ? 'QR expirado' : 'Desconectado'}
          </p>
          <p className="text-slate-500 dark:text-slate-400">
            {isConnecting
              ? 'O QR code aparece aqui em instantes.'
              : (status.reason ?? 'Reconecte para gerar um novo QR code.')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {isConnecting ? null : (
          <Button onClick={() => reconnect.mutate(inbox.id)} isLoading={reconnect.isPending}>
            {isQrExpired ? 'Gerar novo QR code' : 'Reconectar'}
          </Button>
        )}
        {pairing === 'qr-or-code' ? (
          <Button variant="secondary" onClick={() => setUseCode(true)}>
            Usar código de pareamento
          </Button>
        ) : null}
      </div>
    </div>
  );
}
