import { type AdminConfigView, adminConfigSchema } from '@atende/contracts';
import { useMemo, useState } from 'react';
import { NumberField, TextField } from '@/components/form/fields';
import { type SecretChange, SecretField } from '@/components/form/secret-field';
import { serverErrors, useZodForm } from '@/components/form/use-zod-form';
import { useSaveSettings } from '../api/settings-api';
import { SettingsCard } from './settings-card';
import { SettingsLoader } from './settings-loader';

const companySchema = adminConfigSchema.pick({
  companyName: true,
  supportEmail: true,
  timezone: true,
  dataRetentionDays: true,
  webhookUrl: true,
});

/** /settings/admin: company data, retention and the outgoing webhook (`/admin-config`). */
export default function AdminSettings() {
  return <SettingsLoader settingsKey="admin-config">{(view) => <AdminForm view={view} />}</SettingsLoader>;
}

function AdminForm({ view }: { view: AdminConfigView }) {
  const initial = useMemo(
    () => ({
      companyName: view.companyName,
      supportEmail: view.supportEmail,
      timezone: view.timezone,
      dataRetentionDays: view.dataRetentionDays,
      webhookUrl: view.webhookUrl,
    }),
    [view],
  );
  const form = useZodForm(companySchema, initial);
  const [webhookSecret, setWebhookSecret] = useState<SecretChange>(undefined);
  const save = useSaveSettings('admin-config');
  const { values, set, errors } = form;
  const submit = () => {
    const parsed = form.validate();
    if (!parsed) return;
    save.mutate(
      { ...parsed, ...(webhookSecret === undefined ? {} : { webhookSecret }) },
      {
        onSuccess: () => setWebhookSecret(undefined),
        onError: (error) => form.setErrors(serverErrors(error)),
      },
    );
  };
  return (
    <SettingsCard
      title="Administração"
      description="Dados da empresa, retenção de dados e integrações."
      onSubmit={submit}
      onReset={() => {
        form.setValues(initial);
        setWebhookSecret(undefined);
      }}
      isDirty={form.isDirty || webhookSecret !== undefined}
      isSaving={save.isPending}
      testId="admin-settings"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Nome da empresa"
          value={values.companyName ?? ''}
          onChange={(v) => set('companyName', v)}
          error={errors.companyName}
          maxLength={120}
        />
        <TextField
          label="E-mail de suporte"
          type="email"
          value={values.supportEmail ?? ''}
          onChange={(v) => set('supportEmail', v.trim())}
          error={errors.supportEmail}
        />
        <TextField
          label="Fuso horário"
          hint="Nome IANA, por exemplo America/Sao_Paulo."
          value={values.timezone ?? ''}
          onChange={(v) => set('timezone', v)}
          error={errors.timezone}
        />
        <NumberField
          label="Retenção de conversas (dias)"
          min={7}
          max={3650}
          step={1}
          value={values.dataRetentionDays ?? 365}
          onChange={(v) => set('dataRetentionDays', v)}
          error={errors.dataRetentionDays}
        />
      </div>
      <TextField
        label="URL do webhook"
        type="url"
        placeholder="https://exemplo.com/webhooks/atende"
        value={values.webhookUrl ?? ''}
        onChange={(v) => set('webhookUrl', v.trim())}
        error={errors.webhookUrl}
      />
      <SecretField
        label="Segredo do webhook"
        stored={view.webhookSecret}
        change={webhookSecret}
        onChange={setWebhookSecret}
      />
    </SettingsCard>
  );
}
