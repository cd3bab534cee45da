import {
  ABANDON_AFTER_MAX_MINUTES,
  type ConversationRules,
  conversationRulesSchema,
} from '@atende/contracts';
import { Bot, UserRound } from 'lucide-react';
import { useState } from 'react';
import { NumberField, SelectField } from '@/components/form/fields';
import { cn } from '@/lib/cn';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsCard } from './settings-card';
import { SettingsLoader } from './settings-loader';

/** /settings/conversations: how a conversation comes back and when it counts as abandoned. */
export default function ConversationRulesSettings() {
  return (
    <SettingsLoader settingsKey="conversation-rules">
      {(view) => <ConversationRulesForm initial={view} />}
    </SettingsLoader>
  );
}

const REOPEN_OPTIONS: Array<{
  value: ConversationRules['reopenTo'];
  label: string;
  hint: string;
  icon: typeof Bot;
}> = [
  {
    value: 'last-person',
    label: 'A última pessoa',
    hint: 'Quem atendia a conversa a recebe de volta.',
    icon: UserRound,
  },
  {
    value: 'ai',
    label: 'A IA',
    hint: 'O agente de IA responde; uma pessoa entra se ele passar a conversa.',
    icon: Bot,
  },
];

function ConversationRulesForm({ initial }: { initial: ConversationRules }) {
  const form = useSettingsForm('conversation-rules', conversationRulesSchema, initial);
  const { values, set, errors } = form;
  return (
    <SettingsCard
      title="Conversas"
      description="O que acontece quando o cliente volta a escrever e quando ele para de responder."
      {...form.card}
      testId="conversation-rules-settings"
    >
      <fieldset>
        <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">
          Quando o cliente escreve numa conversa finalizada, ela reabre com
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {REOPEN_OPTIONS.map(({ value, label, hint, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500',
                values.reopenTo === value
                  ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/15'
                  : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="radio"
                name="reopenTo"
                value={value}
                checked={values.reopenTo === value}
                onChange={() => set('reopenTo', value)}
                className="sr-only"
              />
              <Icon
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-300"
              />
              <span>
                <span className="block font-medium text-slate-900 text-sm dark:text-slate-100">{label}</span>
                <span className="block text-slate-500 text-xs dark:text-slate-400">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <AbandonAfterField
        minutes={values.abandonAfterMinutes ?? 24 * 60}
        onChange={(v) => set('abandonAfterMinutes', v)}
        error={errors.abandonAfterMinutes}
      />
    </SettingsCard>
  );
}

const UNITS = [
  { value: 'minutes', label: 'minutos', minutes: 1 },
  { value: 'hours', label: 'horas', minutes: 60 },
  { value: 'days', label: 'dias', minutes: 24 * 60 },
] as const;
type Unit = (typeof UNITS)[number]['value'];

/** The largest unit the stored minutes are a whole number of (90 min stays in minutes). */
function unitOf(minutes: number): Unit {
  return [...UNITS].reverse().find((u) => minutes % u.minutes === 0)?.value ?? 'minutes';
}

/** How long the customer may stay silent, as an amount and a unit; stored in minutes. */
function AbandonAfterField({
  minutes,
  onChange,
  error,
}: {
  minutes: number;
  onChange: (minutes: number) => void;
  error: string | undefined;
}) {
  const [unit, setUnit] = useState<Unit>(() => unitOf(minutes));
  const size = UNITS.find((u) => u.value === unit)?.minutes ?? 1;
  const amount = Number.isFinite(minutes) ? minutes / size : Number.NaN;
  return (
    <div className="grid max-w-md grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-3">
      <NumberField
        label="Abandonada após"
        hint={`Sem resposta do cliente depois da nossa última mensagem. De 1 minuto a ${ABANDON_AFTER_MAX_MINUTES / (24 * 60)} dias.`}
        min={1}
        max={ABANDON_AFTER_MAX_MINUTES / size}
        step={1}
        value={amount}
        onChange={(v) => onChange(Number.isFinite(v) ? Math.round(v * size) : Number.NaN)}
        error={error}
      />
      <SelectField<Unit>
        label="Unidade"
        value={unit}
        onChange={(next) => {
          const nextSize = UNITS.find((u) => u.value === next)?.minutes ?? 1;
          setUnit(next);
          // The same amount in the new unit: "2 horas" becomes "2 dias", as the field shows.
          if (Number.isFinite(amount)) onChange(Math.round(amount * nextSize));
        }}
        options={UNITS.map(({ value, label }) => ({ value, label }))}
      />
    </div>
  );
}
