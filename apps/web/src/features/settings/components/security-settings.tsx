import { type SecurityConfig, securityConfigSchema } from '@atende/contracts';
import { NumberField } from '@/components/form/fields';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsCard } from './settings-card';
import { SettingsLoader } from './settings-loader';

/** /settings/security: session lifetimes and sign-in protection (`/security-config`). */
export default function SecuritySettings() {
  return (
    <SettingsLoader settingsKey="security-config">{(view) => <SecurityForm initial={view} />}</SettingsLoader>
  );
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
  const form = useSettingsForm('security-config', securityConfigSchema, initial);
  return (
    <SettingsCard
      title="Segurança"
      description="Novos valores valem a partir do próximo login; sessões abertas mantêm a validade que receberam."
      {...form.card}
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
