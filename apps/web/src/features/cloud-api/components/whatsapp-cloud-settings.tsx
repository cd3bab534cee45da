import {
  type WhatsappCloudConfigView,
  type WhatsappStatus,
  whatsappCloudConfigSchema,
} from '@atende/contracts';
import { CheckCircle2, XCircle } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { NumberField, TextField } from '@/components/form/fields';
import { type SecretChange, SecretField } from '@/components/form/secret-field';
import { serverErrors, useZodForm } from '@/components/form/use-zod-form';
import { QueryCard } from '@/components/query-card';
import { Button, Card, CardContent, CardHeader } from '@/components/ui';
import {
  useChannelStatus,
  useSaveWhatsappCloud,
  useWhatsappCloudSettings,
} from '../api/whatsapp-cloud-settings';

const formSchema = whatsappCloudConfigSchema.pick({
  phoneNumberId: true,
  businessAccountId: true,
  graphUrl: true,
  graphVersion: true,
  maxPerSecond: true,
});

const SECRETS = ['accessToken', 'appSecret', 'verifyToken'] as const;
type Secret = (typeof SECRETS)[number];

/** /settings/whatsapp: the WhatsApp Business Cloud API channel (`/whatsapp-cloud`) and its status. */
export default function WhatsappCloudSettings() {
  const query = useWhatsappCloudSettings();
  return (
    <QueryCard query={query} fields={2}>
      {(view) => <CloudApiForm view={view} />}
    </QueryCard>
  );
}

function ChannelStatusLine({ status }: { status: WhatsappStatus | undefined }) {
  if (!status) return null;
  if (status.channel !== 'cloud-api') {
    return (
      <p className="rounded-lg bg-slate-100 px-3 py-2 text-slate-600 text-sm dark:bg-slate-800 dark:text-slate-300">
        O canal ativo é <strong>{status.channel}</strong>. Estas configurações valem quando o servidor roda
        com <code>CHANNEL=cloud-api</code>.
      </p>
    );
  }
  if (status.connected) {
    return (
      <p
        data-testid="cloud-api-status"
        className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800 text-sm dark:bg-emerald-950/40 dark:text-emerald-300"
      >
        <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
        Conectado ao número {status.phone}
      </p>
    );
  }
  return (
    <p
      data-testid="cloud-api-status"
      role="alert"
      className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm dark:bg-red-950/40 dark:text-red-300"
    >
      <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>Desconectado{status.reason ? `: ${status.reason}` : ''}</span>
    </p>
  );
}

function CloudApiForm({ view }: { view: WhatsappCloudConfigView }) {
  const initial = useMemo(
    () => ({
      phoneNumberId: view.phoneNumberId,
      businessAccountId: view.businessAccountId,
      graphUrl: view.graphUrl,
      graphVersion: view.graphVersion,
      maxPerSecond: view.maxPerSecond,
    }),
    [view],
  );
  const form = useZodForm(formSchema, initial);
  const [secrets, setSecrets] = useState<Record<Secret, SecretChange>>({
    accessToken: undefined,
    appSecret: undefined,
    verifyToken: undefined,
  });
  const status = useChannelStatus();
  const save = useSaveWhatsappCloud();
  const { values, set, errors } = form;
  const secretsChanged = SECRETS.some((key) => secrets[key] !== undefined);
  const isDirty = form.isDirty || secretsChanged;
  const webhookUrl = `${window.location.origin}/webhooks/whatsapp`;

  const reset = () => {
    form.setValues(initial);
    setSecrets({ accessToken: undefined, appSecret: undefined, verifyToken: undefined });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    const changed = Object.fromEntries(
      SECRETS.filter((key) => secrets[key] !== undefined).map((key) => [key, secrets[key]]),
    );
    save.mutate(
      { ...parsed, ...changed },
      {
        onSuccess: () => setSecrets({ accessToken: undefined, appSecret: undefined, verifyToken: undefined }),
        onError: (error) => form.setErrors(serverErrors(error)),
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate data-testid="whatsapp-cloud-settings">
        <CardHeader
          title="WhatsApp Cloud API"
          description="A API oficial do WhatsApp Business (Meta). Cada campo preenchido aqui substitui a variável de ambiente WHATSAPP_* correspondente."
        />
        <CardContent className="space-y-5">
          <ChannelStatusLine status={save.data?.status ?? status.data} />
          <div className="rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
            <p className="font-medium text-slate-700 dark:text-slate-200">URL de callback do webhook</p>
            <p className="text-slate-500 text-xs dark:text-slate-400">
              Cadastre no painel da Meta (WhatsApp › Configuração) com o token de verificação abaixo e assine
              o campo <code>messages</code>.
            </p>
            <code className="mt-1 block break-all text-indigo-700 dark:text-indigo-300">{webhookUrl}</code>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="ID do número de telefone"
              inputMode="numeric"
              value={values.phoneNumberId ?? ''}
              onChange={(v) => set('phoneNumberId', v.trim())}
              error={errors.phoneNumberId}
            />
            <TextField
              label="ID da conta do WhatsApp Business"
              hint="Necessário para listar os modelos de mensagem."
              inputMode="numeric"
              value={values.businessAccountId ?? ''}
              onChange={(v) => set('businessAccountId', v.trim())}
              error={errors.businessAccountId}
            />
          </div>
          <SecretField
            label="Token de acesso"
            stored={view.accessToken}
            change={secrets.accessToken}
            onChange={(change) => setSecrets((s) => ({ ...s, accessToken: change }))}
            error={errors.accessToken}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SecretField
              label="Segredo do app (App Secret)"
              stored={view.appSecret}
              change={secrets.appSecret}
              onChange={(change) => setSecrets((s) => ({ ...s, appSecret: change }))}
              error={errors.appSecret}
            />
            <SecretField
              label="Token de verificação do webhook"
              stored={view.verifyToken}
              change={secrets.verifyToken}
              onChange={(change) => setSecrets((s) => ({ ...s, verifyToken: change }))}
              error={errors.verifyToken}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-3">
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
            <NumberField
              label="Limite de envio (msg/s)"
              hint="Vazio: 80 (padrão da Meta)."
              min={1}
              max={1000}
              step={1}
              value={values.maxPerSecond ?? Number.NaN}
              onChange={(v) => set('maxPerSecond', Number.isNaN(v) ? null : v)}
              error={errors.maxPerSecond}
            />
          </div>
        </CardContent>
        <div className="flex flex-wrap items-center justify-end gap-2 border-slate-200 border-t px-5 py-3 dark:border-slate-800">
          <Button variant="ghost" onClick={reset} disabled={!isDirty || save.isPending}>
            Descartar
          </Button>
          <Button type="submit" isLoading={save.isPending} disabled={!isDirty}>
            Salvar e testar conexão
          </Button>
        </div>
      </form>
    </Card>
  );
}
