import type { Message } from '@atende/contracts';
import { Clock, MessageSquareLock } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui';
import { formatDate, formatTime } from '@/lib/format';
import { useServiceWindow } from '../api/get-service-window';
import { TemplatePickerModal } from './template-picker-modal';

const WINDOW_MS = 24 * 60 * 60 * 1000;

function when(at: number): string {
  const sameDay = new Date(at).toDateString() === new Date().toDateString();
  return sameDay ? `às ${formatTime(at)}` : `em ${formatDate(at)} às ${formatTime(at)}`;
}

/**
 * WhatsApp's 24-hour customer-service window around the composer (Cloud API only): while open, when it
 * closes; once closed, free text is blocked with the reason and an approved template can be sent. The
 * customer's newest message in the chat reopens it at once, without waiting for the server.
 */
export function ServiceWindowGate({
  conversationId,
  messages,
  onTemplateSent,
  children,
  whileClosed,
}: {
  conversationId: string;
  messages: readonly Message[];
  /** A template went out: the chat shows the stored message. */
  onTemplateSent: (message: Message) => void;
  children: ReactNode;
  /** What stays possible once closed (private notes, which never reach the customer). */
  whileClosed?: ReactNode;
}) {
  const query = useServiceWindow(conversationId);
  const [now, setNow] = useState(() => Date.now());
  const [isPickerOpen, setPickerOpen] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const lastClientAt = useMemo(() => {
    let last = query.data?.lastClientMessageAt ? Date.parse(query.data.lastClientMessageAt) : null;
    for (const message of messages) {
      if (message.sender !== 'client') continue;
      const at = Date.parse(message.timestamp);
      if (last === null || at > last) last = at;
    }
    return last;
  }, [query.data, messages]);

  if (!query.data?.applies) return children;
  const closesAt = lastClientAt === null ? null : lastClientAt + WINDOW_MS;
  const open = closesAt !== null && closesAt > now;

  if (open) {
    return (
      <>
        <p
          data-testid="service-window-open"
          className="flex items-center gap-1.5 border-slate-200 border-t bg-emerald-50 px-4 py-1.5 text-emerald-800 text-xs dark:border-slate-800 dark:bg-emerald-950/40 dark:text-emerald-300"
        >
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          Janela de atendimento aberta — mensagens livres até {when(closesAt)}
        </p>
        {children}
      </>
    );
  }

  return (
    <>
      <div
        data-testid="service-window-closed"
        role="status"
        className="flex flex-col gap-3 border-slate-200 border-t bg-amber-50 px-4 py-3 text-amber-900 sm:flex-row sm:items-center dark:border-slate-800 dark:bg-amber-950/40 dark:text-amber-200"
      >
        <MessageSquareLock aria-hidden="true" className="hidden size-5 shrink-0 sm:block" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium">Janela de 24 horas encerrada</p>
          <p className="text-xs">
            {lastClientAt === null
              ? 'Este cliente ainda não escreveu. '
              : `A última mensagem do cliente foi ${when(lastClientAt)}. `}
            O WhatsApp só aceita mensagens livres até 24 horas depois da última mensagem do cliente. Para
            retomar a conversa, envie um modelo de mensagem aprovado.
          </p>
        </div>
        <Button onClick={() => setPickerOpen(true)} className="shrink-0">
          Enviar modelo
        </Button>
        <TemplatePickerModal
          conversationId={conversationId}
          open={isPickerOpen}
          onClose={() => setPickerOpen(false)}
          onSent={onTemplateSent}
        />
      </div>
      {whileClosed}
    </>
  );
}
