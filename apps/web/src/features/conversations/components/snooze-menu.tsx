import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarClock, ChevronDown, Clock, MessageCircleReply } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, Modal } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useSnoozeConversation } from '../api/snooze-conversation';
import { errorReason, notify } from '../hooks/use-notify';
import { snoozeChoices, snoozeHint, snoozeUntil, toDateTimeLocal } from '../lib/snooze-options';
import { HeaderMenu, headerMenuItem, headerMenuSeparator } from './header-menu';

/**
 * "Adiar": the conversation leaves the open ones until a chosen time (1 hora, 3 horas, amanhã 9h,
 * próxima segunda 9h, any date and time) or until the customer writes again.
 */
export function SnoozeMenu({
  conversationId,
  compact = false,
}: {
  conversationId: string;
  compact?: boolean;
}) {
  const snooze = useSnoozeConversation();
  const [now, setNow] = useState(() => new Date());
  const [isPickingDate, setPickingDate] = useState(false);

  const run = (until: Date | null) =>
    snooze.mutate(
      { conversationId, until: until ? until.toISOString() : null },
      {
        onSuccess: () => notify.success('Conversa adiada'),
        onError: (error) => notify.error(errorReason(error)),
      },
    );

  return (
    <>
      <HeaderMenu
        label="Adiar"
        trigger={
          <Button
            size="sm"
            variant="secondary"
            isLoading={snooze.isPending}
            aria-label={compact ? 'Adiar' : undefined}
            title="Adiar"
            className={cn(compact && 'w-8 shrink-0 px-0 [&>svg]:shrink-0')}
            onPointerDown={() => setNow(new Date())}
            onKeyDown={() => setNow(new Date())}
          >
            {!snooze.isPending && <Clock aria-hidden="true" className="size-3.5" />}
            <span className={cn(compact && 'sr-only')}>Adiar</span>
            {!compact && <ChevronDown aria-hidden="true" className="-mr-1 size-3.5 text-slate-400" />}
          </Button>
        }
      >
        <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 font-medium text-slate-500 text-xs dark:text-slate-400">
          Adiar até
        </DropdownMenu.Label>
        {snoozeChoices(now).map(({ id, label, until }) => (
          <DropdownMenu.Item key={id} className={headerMenuItem} onSelect={() => run(until)}>
            <span className="flex-1">{label}</span>
            <span className="text-slate-400 text-xs tabular-nums dark:text-slate-500">
              {snoozeHint(until, now)}
            </span>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Item className={headerMenuItem} onSelect={() => setPickingDate(true)}>
          <CalendarClock aria-hidden="true" className="size-4 text-slate-400" />
          Data e hora…
        </DropdownMenu.Item>
        <DropdownMenu.Separator className={headerMenuSeparator} />
        <DropdownMenu.Item className={headerMenuItem} onSelect={() => run(null)}>
          <MessageCircleReply aria-hidden="true" className="size-4 text-slate-400" />
          Até o cliente responder
        </DropdownMenu.Item>
      </HeaderMenu>
      {isPickingDate && (
        <SnoozeDateDialog
          onClose={() => setPickingDate(false)}
          isSaving={snooze.isPending}
          onPick={(until) => {
            run(until);
            setPickingDate(false);
          }}
        />
      )}
    </>
  );
}

/** Mounted while open, so each opening starts from tomorrow 9h. */
function SnoozeDateDialog({
  onClose,
  onPick,
  isSaving,
}: {
  onClose: () => void;
  onPick: (until: Date) => void;
  isSaving: boolean;
}) {
  const [value, setValue] = useState(() => toDateTimeLocal(snoozeUntil('tomorrow')));
  const [error, setError] = useState<string | null>(null);
  const min = toDateTimeLocal(new Date());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const until = new Date(value);
    if (!value || Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) {
      setError('Escolha um horário no futuro');
      return;
    }
    onPick(until);
  };

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="Adiar até"
      description="A conversa volta para as abertas nesse horário, ou antes, se o cliente escrever."
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form="snooze-date-form" isLoading={isSaving}>
            Adiar
          </Button>
        </>
      }
    >
      <form id="snooze-date-form" onSubmit={submit} noValidate>
        <label className="block font-medium text-slate-700 text-sm dark:text-slate-200">
          Data e hora
          <input
            type="datetime-local"
            value={value}
            min={min}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'snooze-date-error' : undefined}
            className="mt-1 block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:[color-scheme:dark]"
          />
        </label>
        {error && (
          <p id="snooze-date-error" role="alert" className="mt-1 text-red-600 text-xs dark:text-red-400">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
