import { type ConversationRules, conversationRulesSchema } from '@atende/contracts';
import { Bot, UserRound } from 'lucide-react';
import { NumberField } from '@/components/form/fields';
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
      <div className="max-w-xs">
        <NumberField
          label="Abandonada após (horas)"
          hint="Sem resposta do cliente depois da nossa última mensagem. De 1 a 720."
          min={1}
          max={720}
          step={1}
          value={values.abandonAfterHours ?? 24}
          onChange={(v) => set('abandonAfterHours', v)}
          error={errors.abandonAfterHours}
        />
      </div>
    </SettingsCard>
  );
}
