import { type SecurityConfig, securityConfigSchema } from '@atende/contracts';
import { NumberField } from '@/components/form/fields';
import { serverErrors, useZodForm } from '@/components/form/use-zod-form';
import { useSaveSettings, useSettings } from '../api/settings-api';
import { SettingsCard, SettingsError, SettingsLoading } from './settings-card';

/** /settings/security: session lifetimes and sign-in protection (`/security-config`). */
export default function SecuritySettings() {
  const query = useSettings('security-config');
  if (query.isPending) return <SettingsLoading />;
  if (query.isError)
    return <SettingsError message={query.error.message} onRetry={() => void query.refetch()} />;
  return <SecurityForm initial={query.data} />;
}

const FIELDS: Array<{ key: keyof SecurityConfig; label: string; hint: string; min: number; max: number }> = [
  {
    key: 'sessionHours',
    label: 'Duração da sessão (horas)',
    hint: 'Sem "lembrar de mim". De 1 a 72.',
    min: 1,
    max: 72,
  },
  {
    key: 'rememberDays',
    label: 'Duração com "lembrar de mim" (dias)',
    hint: 'Também termina após 7 dias sem uso. De 1 a 90.',
    min: 1,
    max: 90,
  },
  {
    key: 'loginMaxAttempts',
    label: 'Tentativas de login por conta',
    hint: 'Falhas dentro da janela antes de bloquear. De 3 a 100.',
    min: 3,
    max: 100,
  },
  {
    key: 'loginWindowMinutes',
    label: 'Janela das tentativas (minutos)',
    hint: 'De 1 a 1440.',
    min: 1,
    max: 1440,
  },
  {
    key: 'passwordMinLength',
    label: 'Tamanho mínimo da senha',
    hint: 'Para novas senhas. De 8 a 128.',
    min: 8,
    max: 128,
  },
];

function SecurityForm({ initial }: { initial: SecurityConfig }) {
  const form = useZodForm(securityConfigSchema, initial);
  const save = useSaveSettings('security-config');
  const submit = () => {
    const parsed = form.validate();
    if (!parsed) return;
    save.mutate(parsed, { onError: (error) => form.setErrors(serverErrors(error)) });
  };
  return (
    <SettingsCard
      title="Segurança"
      description="Novos valores valem a partir do próximo login; sessões abertas mantêm a validade que receberam."
      onSubmit={submit}
      onReset={() => form.setValues(initial)}
      isDirty={form.isDirty}
      isSaving={save.isPending}
      testId="security-settings"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map(({ key, label, hint, min, max }) => (
          <NumberField
            key={key}
            label={label}
            hint={hint}
            min={min}
            max={max}
            step={1}
            value={form.values[key] ?? min}
            onChange={(v) => form.set(key, v)}
            error={form.errors[key]}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
