import { INVALID_PHONE, type OrderLookupResult, type OrderLookupView, phoneDigits } from '@atende/contracts';
import { Bot, FlaskConical } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '@/components/form/fields';
import { Button, Modal, type Tone, ToneBadge } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatMilliseconds } from '@/lib/format';
import { useTestOrderLookup } from '../api/test-order-lookup';
import { fillUrl } from '../lib/lookup-form';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  view: OrderLookupView;
}

const OUTCOMES: Record<OrderLookupResult['outcome'], { tone: Tone; label: string }> = {
  found: { tone: 'success', label: 'Pedido encontrado' },
  not_found: { tone: 'warning', label: 'Não encontrado' },
  missing_order: { tone: 'warning', label: 'Sem número do pedido' },
  timeout: { tone: 'error', label: 'Tempo esgotado' },
  error: { tone: 'error', label: 'Erro na consulta' },
  refused: { tone: 'error', label: 'Endereço recusado' },
};

/** "Testar consulta": runs the saved configuration for a phone and an order number, shows what the agent would do. */
export function TestOrderLookupDialog({ open, onOpenChange, view }: Props) {
  const formId = useId();
  const test = useTestOrderLookup();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [order, setOrder] = useState('');
  const usesPhone = view.urlTemplate.includes('{telefone}');
  const usesOrder = view.urlTemplate.includes('{pedido}');

  // The store is asked with the digits the agent would send for that customer.
  const digits = phoneDigits(phone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!digits) {
      setPhoneError(INVALID_PHONE);
      return;
    }
    test.mutate({ phone: digits, order: order.trim() });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) test.reset();
      }}
      size="lg"
      title="Testar consulta"
      description="Chama a loja agora com a configuração salva, como o agente faria."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Fechar
          </Button>
          <Button type="submit" form={formId} isLoading={test.isPending}>
            {test.isPending ? null : <FlaskConical aria-hidden="true" className="size-4" />}
            Testar
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4" data-testid="order-lookup-test">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Telefone do cliente"
            inputMode="tel"
            autoComplete="off"
            placeholder="+55 11 99999-0000"
            maxLength={40}
            hint={usesPhone ? 'Entra em {telefone}.' : 'A URL não usa {telefone}.'}
            value={phone}
            error={phoneError}
            onChange={(value) => {
              setPhone(value);
              setPhoneError(undefined);
            }}
          />
          <TextField
            label="Número do pedido"
            autoComplete="off"
            placeholder="1234"
            maxLength={40}
            hint={usesOrder ? 'Entra em {pedido}.' : 'A URL não usa {pedido}.'}
            value={order}
            onChange={setOrder}
          />
        </div>
        <p className="break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-slate-600 text-xs dark:bg-slate-950 dark:text-slate-300">
          <span className="font-sans font-semibold">GET</span>{' '}
          {fillUrl(view.urlTemplate, { phone: digits ?? phone, order })}
        </p>
        {!view.enabled ? (
          <p className="text-slate-500 text-xs dark:text-slate-400">
            A consulta está desligada: o agente só a usa depois de ligada.
          </p>
        ) : null}
      </form>
      <div aria-live="polite" className="mt-4">
        {test.isError ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-500/10 dark:text-red-200"
          >
            {test.error.message}
          </p>
        ) : test.data ? (
          <TestResult result={test.data} />
        ) : null}
      </div>
    </Modal>
  );
}

function TestResult({ result }: { result: OrderLookupResult }) {
  const outcome = OUTCOMES[result.outcome];
  return (
    <section
      aria-label="Resultado do teste"
      data-testid="order-lookup-result"
      className="space-y-3 border-slate-200 border-t pt-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ToneBadge tone={outcome.tone} label={outcome.label} dot />
        <span className="text-slate-500 text-xs tabular-nums dark:text-slate-400">
          em {formatMilliseconds(result.durationMs)}
        </span>
      </div>
      {result.outcome === 'found' ? (
        <>
          <div>
            <h3 className="font-medium text-slate-800 text-xs uppercase tracking-wide dark:text-slate-200">
              Resposta do agente
            </h3>
            <div className="mt-1.5 flex items-start gap-2">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">
                <Bot aria-hidden="true" className="size-4" />
              </span>
              <p
                data-testid="order-lookup-reply"
                className="whitespace-pre-wrap rounded-2xl rounded-tl-sm bg-indigo-50 px-3 py-2 text-slate-900 dark:bg-indigo-500/15 dark:text-slate-100"
              >
                {result.reply}
              </p>
            </div>
          </div>
          {result.fields.length > 0 ? (
            <div>
              <h3 className="font-medium text-slate-800 text-xs uppercase tracking-wide dark:text-slate-200">
                Campos da resposta da loja
              </h3>
              {/* One grid for every row, so the paths line up and take only the width they need. */}
              <dl className="mt-1.5 grid grid-cols-[fit-content(50%)_minmax(0,1fr)] rounded-lg border border-slate-200 text-xs dark:border-slate-800">
                {result.fields.map((field, index) => {
                  const line = index > 0 ? 'border-slate-200 border-t dark:border-slate-800' : '';
                  return (
                    <div key={field.path} className="contents">
                      <dt
                        className={cn(
                          'py-1.5 pr-4 pl-3 font-mono text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400',
                          line,
                        )}
                      >
                        {field.path}
                      </dt>
                      <dd className={cn('break-words py-1.5 pr-3 text-slate-900 dark:text-slate-100', line)}>
                        {field.value}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">
          {capitalize(result.reason)}. O agente passaria a conversa para a equipe com o motivo "consulta ao
          pedido: {result.reason}".
        </p>
      )}
    </section>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
