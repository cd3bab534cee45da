import { type AdminConfigView, adminConfigSchema } from '@atende/contracts';
import { CheckCircle2, PlugZap, XCircle } from 'lucide-react';
import { useMemo } from 'react';
import { TextField } from '@/components/form/fields';
import { SecretField } from '@/components/form/secret-field';
import { Button } from '@/components/ui';
import { useTestAiConnection } from '../api/test-ai-connection';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsCard } from './settings-card';
import { SettingsLoader } from './settings-loader';

const providerSchema = adminConfigSchema.pick({ aiBaseUrl: true, aiModel: true });

/** The OpenAI-compatible provider (stored in `/admin-config`), with "Testar conexão". */
export function AiProviderSettings() {
  return <SettingsLoader settingsKey="admin-config">{(view) => <ProviderForm view={view} />}</SettingsLoader>;
}

function ProviderForm({ view }: { view: AdminConfigView }) {
  const initial = useMemo(() => ({ aiBaseUrl: view.aiBaseUrl, aiModel: view.aiModel }), [view]);
  const form = useSettingsForm('admin-config', providerSchema, initial, { secret: 'aiApiKey' });
  const test = useTestAiConnection();
  const { values, set, errors } = form;

  const runTest = () => {
    const parsed = form.validate();
    if (!parsed) return;
    test.mutate(form.withSecret(parsed));
  };

  return (
    <SettingsCard
      title="Provedor de IA"
      description="Endpoint compatível com OpenAI. Em branco, a IA usa o motor local sobre a base de conhecimento."
      {...form.card}
      testId="ai-provider-settings"
      extraActions={
        <Button variant="secondary" onClick={runTest} isLoading={test.isPending} className="mr-auto">
          <PlugZap aria-hidden="true" className="size-4" />
          Testar conexão
        </Button>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="URL do endpoint"
          type="url"
          placeholder="https://api.exemplo.com/v1"
          value={values.aiBaseUrl ?? ''}
          onChange={(v) => set('aiBaseUrl', v.trim())}
          error={errors.aiBaseUrl}
        />
        <TextField
          label="Modelo"
          placeholder="gpt-4o-mini"
          value={values.aiModel ?? ''}
          onChange={(v) => set('aiModel', v)}
          error={errors.aiModel}
        />
      </div>
      <SecretField label="Chave de API" stored={view.aiApiKey} {...form.secret} />
      {test.data && (
        <p
          role="status"
          data-testid="ai-test-result"
          className={
            test.data.ok
              ? 'flex items-center gap-2 text-emerald-700 text-sm dark:text-emerald-400'
              : 'flex items-center gap-2 text-red-600 text-sm dark:text-red-400'
          }
        >
          {test.data.ok ? (
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <XCircle aria-hidden="true" className="size-4 shrink-0" />
          )}
          {test.data.message} ({test.data.latencyMs} ms)
        </p>
      )}
      {test.isError && (
        <p role="status" className="text-red-600 text-sm dark:text-red-400">
          {test.error.message}
        </p>
      )}
    </SettingsCard>
  );
}
