import type { OrderLookupView } from '@atende/contracts';
import { FlaskConical, PackageSearch, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/integration-card/empty-state';
import { IntegrationCard } from '@/components/integration-card/integration-card';
import { QueryBody } from '@/components/integration-card/query-body';
import { Button, Switch, ToneBadge, toast } from '@/components/ui';
import { useAuth } from '@/lib/session';
import { useOrderLookup } from '../api/get-order-lookup';
import { useSaveOrderLookup } from '../api/save-order-lookup';
import { withEnabled } from '../lib/lookup-form';
import { OrderLookupFormDialog } from './order-lookup-form-dialog';
import { TestOrderLookupDialog } from './test-order-lookup-dialog';

/** Integrations › Consulta de pedidos (admins only): the agent answers "meu pedido já saiu?" from the store. */
export function OrderLookupCard() {
  const isAdmin = useAuth().user?.role === 'admin';
  return isAdmin ? <OrderLookupCardContent /> : null;
}

function OrderLookupCardContent() {
  const lookup = useOrderLookup();
  const [dialog, setDialog] = useState<'configure' | 'test' | null>(null);
  const view = lookup.data;
  const isConfigured = Boolean(view?.urlTemplate && view.replyTemplate);

  return (
    <IntegrationCard
      id="order-lookup"
      testId="order-lookup-card"
      title="Consulta de pedidos"
      badge={
        view ? (
          <ToneBadge
            tone={view.enabled ? 'success' : 'gray'}
            label={view.enabled ? 'Ligada' : 'Desligada'}
            dot
          />
        ) : null
      }
      description={
        'Quando o cliente pergunta de um pedido ("o pedido 1234 já foi enviado?"), o agente consulta a sua loja e responde com o que ela disser. Sem resposta, passa a conversa para a equipe.'
      }
      action={view && isConfigured ? <EnabledSwitch view={view} /> : null}
    >
      <QueryBody
        query={lookup}
        skeletons={['h-20']}
        what="a consulta de pedidos"
        isEmpty={(data) => !data.urlTemplate}
        empty={
          <EmptyState
            icon={PackageSearch}
            title="Nenhuma consulta configurada"
            action={
              <Button className="mt-2" onClick={() => setDialog('configure')}>
                <Settings2 aria-hidden="true" className="size-4" />
                Configurar
              </Button>
            }
          >
            Informe a URL da API da sua loja e como a resposta vira mensagem.
          </EmptyState>
        }
      >
        {(data) => (
          <div className="space-y-4 p-5">
            <Summary view={data} />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDialog('configure')}>
                <Settings2 aria-hidden="true" className="size-4" />
                Configurar
              </Button>
              <Button variant="secondary" onClick={() => setDialog('test')}>
                <FlaskConical aria-hidden="true" className="size-4" />
                Testar consulta
              </Button>
            </div>
          </div>
        )}
      </QueryBody>
      {view ? (
        <>
          <OrderLookupFormDialog
            open={dialog === 'configure'}
            onOpenChange={(open) => setDialog(open ? 'configure' : null)}
            view={view}
          />
          <TestOrderLookupDialog
            open={dialog === 'test'}
            onOpenChange={(open) => setDialog(open ? 'test' : null)}
            view={view}
          />
        </>
      ) : null}
    </IntegrationCard>
  );
}

/** The on/off switch: saves the configuration as it is with `enabled` flipped. */
function EnabledSwitch({ view }: { view: OrderLookupView }) {
  const save = useSaveOrderLookup();
  const toggle = () => {
    const enabled = !view.enabled;
    save.mutate(withEnabled(view, enabled), {
      onSuccess: () =>
        toast.success(enabled ? 'Consulta de pedidos ligada' : 'Consulta de pedidos desligada'),
      onError: (error) => toast.error('Erro ao alterar a consulta de pedidos', error.message),
    });
  };
  return (
    <span className="shrink-0 self-start">
      <Switch
        label="Consulta ligada"
        labelFirst
        labelClassName="font-medium text-slate-700 text-sm dark:text-slate-200"
        checked={view.enabled}
        disabled={save.isPending}
        onChange={toggle}
      />
    </span>
  );
}

function Summary({ view }: { view: OrderLookupView }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
      <dt className="font-medium text-slate-500 dark:text-slate-400">URL</dt>
      <dd className="-mt-2 break-all font-mono text-slate-800 text-xs sm:mt-0 sm:text-sm dark:text-slate-200">
        <span className="font-sans font-semibold text-slate-500 dark:text-slate-400">GET </span>
        {view.urlTemplate}
      </dd>
      <dt className="font-medium text-slate-500 dark:text-slate-400">Cabeçalhos</dt>
      <dd className="-mt-2 text-slate-800 sm:mt-0 dark:text-slate-200">
        {view.headers.length === 0 ? (
          <span className="text-slate-500 dark:text-slate-400">Nenhum</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {view.headers.map((header) => (
              <li
                key={header.name}
                className="rounded bg-slate-100 px-1.5 py-px font-mono text-xs dark:bg-slate-800"
              >
                {header.name}: {header.value.masked ?? '••••'}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt className="font-medium text-slate-500 dark:text-slate-400">Resposta</dt>
      <dd className="-mt-2 whitespace-pre-wrap text-slate-800 sm:mt-0 dark:text-slate-200">
        {view.replyTemplate || <span className="text-slate-500 dark:text-slate-400">Sem modelo</span>}
      </dd>
    </dl>
  );
}
