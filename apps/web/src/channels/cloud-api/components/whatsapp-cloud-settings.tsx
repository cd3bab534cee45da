import {
  formatPhone,
  type Inbox,
  type WhatsappCloudConfigView,
  whatsappCloudConfigSchema,
} from '@atende/contracts';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '@/components/form/fields';
import { type SecretChange, SecretField } from '@/components/form/secret-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { QueryCard } from '@/components/query-card';
import { Button, Card, CardContent, CardHeader } from '@/components/ui';
import {
  useCloudInboxes,
  useSaveWhatsappCloud,
  useWhatsappCloudSettings,
} from '../api/whatsapp-cloud-settings';

const formSchema = whatsappCloudConfigSchema.pick({ graphUrl: true, graphVersion: true });

const SECRETS = ['appSecret', 'verifyToken'] as const;
const NO_CHANGES: Record<Secret, SecretChange> = { appSecret: undefined, verifyToken: undefined };
type Secret = (typeof SECRETS)[number];

/**
 * /settings/whatsapp: the Meta app behind every Cloud API number (`/whatsapp-cloud`): its secret, the
 * webhook's verify token and the Graph API's address; the numbers themselves are inboxes (Integrações).
 */
export default function WhatsappCloudSettings() {
  const query = useWhatsappCloudSettings();
  return (
    <QueryCard query={query} fields={2}>
      {(view) => <CloudApiForm view={view} />}
    </QueryCard>
  );
}

/** The Cloud API numbers and their states; each one is added and edited on Integrações. */
function CloudNumbers({ inboxes }: { inboxes: Inbox[] | undefined }) {
  if (!inboxes) return null;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
      <p className="text-slate-600 dark:text-slate-300">
        Cada número (ID do número, token de acesso, limite de envio) é uma caixa de entrada em{' '}
        <Link to="/integrations" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          Integrações
        </Link>
        . Estas configurações valem para todos eles.
      </p>
      {inboxes.length === 0 ? (
        <p className="text-slate-500 dark:text-slate-400">Nenhum número da Cloud API cadastrado.</p>
      ) : (
        <ul className="space-y-1" data-testid="cloud-api-numbers">
          {inboxes.map((inbox) => (
            <li key={inbox.id} className="flex min-w-0 items-start gap-2">
              {inbox.status.connected ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              ) : (
                <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
              )}
              <span className="min-w-0 break-words">
                <strong>{inbox.name}</strong>
                {inbox.status.connected
                  ? ` — conectado${inbox.status.phone ? ` (${formatPhone(inbox.status.phone)})` : ''}`
                  : ` — desconectado${inbox.status.reason ? `: ${inbox.status.reason}` : ''}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CloudApiForm({ view }: { view: WhatsappCloudConfigView }) {
  const initial = useMemo(() => ({ graphUrl: view.graphUrl, graphVersion: view.graphVersion }), [view]);
  const form = useZodForm(formSchema, initial);
  const [secrets, setSecrets] = useState<Record<Secret, SecretChange>>(NO_CHANGES);
  const numbers = useCloudInboxes();
  const save = useSaveWhatsappCloud();
  const { values, set, errors } = form;
  const secretsChanged = SECRETS.some((key) => secrets[key] !== undefined);
  const isDirty = form.isDirty || secretsChanged;
  const webhookUrl = `${window.location.origin}/webhooks/whatsapp`;

  const reset = () => {
    form.reset();
    setSecrets(NO_CHANGES);
  };
  const submit = form.handleSubmit(async (parsed) => {
    const changed = Object.fromEntries(
      SECRETS.filter((key) => secrets[key] !== undefined).map((key) => [key, secrets[key]]),
    );
    await save.mutateAsync({ ...parsed, ...changed });
    setSecrets(NO_CHANGES);
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate data-testid="whatsapp-cloud-settings">
        <CardHeader
          title="WhatsApp Cloud API"
          description="O app da Meta de todos os seus números da API oficial. O que for preenchido aqui vale no lugar da configuração do servidor."
        />
        <CardContent className="space-y-5">
          <CloudNumbers inboxes={save.data?.inboxes ?? numbers.data} />
          <div className="rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
            <p className="font-medium text-slate-700 dark:text-slate-200">URL de callback do webhook</p>
            <p className="text-slate-500 text-xs dark:text-slate-400">
              Cadastre no painel da Meta (WhatsApp › Configuração) com o token de verificação abaixo e assine
              o campo <code>messages</code>.
            </p>
            <code className="mt-1 block break-all text-indigo-700 dark:text-indigo-300">{webhookUrl}</code>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <SecretField
              label="Segredo do app (App Secret)"
              gender="m"
              stored={view.appSecret}
              change={secrets.appSecret}
              onChange={(change) => setSecrets((s) => ({ ...s, appSecret: change }))}
              error={errors.appSecret}
            />
            <SecretField
              label="Token de verificação do webhook"
              gender="m"
              stored={view.verifyToken}
              change={secrets.verifyToken}
              onChange={(change) => setSecrets((s) => ({ ...s, verifyToken: change }))}
              error={errors.verifyToken}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="URL da Graph API"
              type="url"
              placeholder="https://graph.facebook.com"
              hint="Vazio: a da Meta."
              value={values.graphUrl ?? ''}
              onChange={(v) => set('graphUrl', v.trim())}
              error={errors.graphUrl}
            />
            <TextField
              label="Versão da Graph API"
              placeholder="v23.0"
              value={values.graphVersion ?? ''}
              onChange={(v) => set('graphVersion', v.trim())}
              error={errors.graphVersion}
            />
          </div>
        </CardContent>
        <div className="flex flex-wrap items-center justify-end gap-2 border-slate-200 border-t px-5 py-3 dark:border-slate-800">
          <Button variant="ghost" onClick={reset} disabled={!isDirty || save.isPending}>
            Descartar
          </Button>
          <Button type="submit" isLoading={save.isPending} disabled={!isDirty}>
            Salvar e testar números
          </Button>
        </div>
      </form>
    </Card>
  );
}
