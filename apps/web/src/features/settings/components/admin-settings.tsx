import { type AdminConfigView, adminConfigSchema, BRAZIL_TIME_ZONES } from '@atende/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { NumberField, SelectField, type SelectGroup, TextField } from '@/components/form/fields';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsCard } from './settings-card';
import { SettingsLoader } from './settings-loader';

const companySchema = adminConfigSchema.pick({
  companyName: true,
  supportEmail: true,
  timezone: true,
  dataRetentionDays: true,
});

/** /settings/admin: company data and retention (`/admin-config`). */
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
    }),
    [view],
  );
  const form = useSettingsForm('admin-config', companySchema, initial);
  const { values, set, errors } = form;
  return (
    <SettingsCard
      title="Administração"
      description="Dados da empresa e retenção de dados."
      {...form.card}
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
        <SelectField
          label="Fuso horário"
          hint="Em que horário a IA e os relatórios contam o dia."
          value={values.timezone ?? ''}
          onChange={(v) => set('timezone', v)}
          error={errors.timezone}
          options={timeZoneOptions(values.timezone ?? '')}
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
      <p className="text-slate-500 text-sm dark:text-slate-400">
        Webhooks, tokens de API e a consulta de pedidos ficam em{' '}
        <Link to="/integrations" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Integrações
        </Link>
        .
      </p>
    </SettingsCard>
  );
}

/**
 * Brazil's zones by name first; then every other zone the browser knows (a business abroad); a value
 * saved before that is in neither list stays choosable.
 */
function timeZoneOptions(current: string): ReadonlyArray<SelectGroup<string>> {
  const brazil = Object.entries(BRAZIL_TIME_ZONES).map(([value, label]) => ({ value, label }));
  const known = new Set(brazil.map((o) => o.value));
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const others = supported
    .filter((zone) => !known.has(zone))
    .map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  if (current && !known.has(current) && !supported.includes(current))
    others.unshift({ value: current, label: current });
  return [
    { group: 'Brasil', options: brazil },
    { group: 'Outros países', options: others },
  ];
}
