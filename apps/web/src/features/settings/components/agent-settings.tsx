import { agentConfigSchema } from '@atende/contracts';
import { ListField, NumberField, TextAreaField, TextField, ToggleField } from '@/components/form/fields';
import { useSettingsForm } from '../hooks/use-settings-form';
import { AiProviderSettings } from './ai-provider-settings';
import { SettingsCard } from './settings-card';
import { SettingsLoader } from './settings-loader';
import { SpeechToTextSettings } from './speech-to-text-settings';

type AgentConfig = ReturnType<typeof agentConfigSchema.parse>;

/** /settings/agent: how the AI agent behaves (`/config`) and its provider (`/admin-config` AI fields). */
export default function AgentSettings() {
  return (
    <SettingsLoader settingsKey="config">
      {(view) => (
        <div className="space-y-6">
          <AgentForm initial={view} />
          <AiProviderSettings />
          <SpeechToTextSettings />
        </div>
      )}
    </SettingsLoader>
  );
}

function AgentForm({ initial }: { initial: AgentConfig }) {
  const form = useSettingsForm('config', agentConfigSchema, initial);
  const { values, set, errors } = form;
  return (
    <SettingsCard
      title="Agente de IA"
      description="Como a IA responde e quando chama uma pessoa da equipe."
      {...form.card}
      testId="agent-settings"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Nome do assistente"
          value={values.assistantName ?? ''}
          onChange={(v) => set('assistantName', v)}
          error={errors.assistantName}
          maxLength={60}
        />
        <NumberField
          label="Limiar de confiança (%)"
          hint="Abaixo desta confiança a IA transfere para uma pessoa. Ex.: 60%."
          step={1}
          min={0}
          max={100}
          // Stored as a fraction (0–1); people think of it in percent.
          value={Math.round((values.confidenceThreshold ?? 0) * 1000) / 10}
          onChange={(v) => set('confidenceThreshold', Number.isFinite(v) ? v / 100 : v)}
          error={errors.confidenceThreshold}
        />
      </div>
      <ToggleField
        label="IA ativa"
        description="Desligada, a IA não responde e as conversas aguardam uma pessoa."
        checked={values.aiEnabled ?? true}
        onChange={(v) => set('aiEnabled', v)}
      />
      <ToggleField
        label="Confirmar leitura ao cliente"
        description="As mensagens do cliente aparecem como lidas (tiques azuis) quando alguém abre a conversa ou quando respondemos. Só no WhatsApp conectado pelo celular."
        checked={values.readReceipts ?? true}
        onChange={(v) => set('readReceipts', v)}
      />
      <ToggleField
        label="Mostrar “digitando…”"
        description="O cliente vê “digitando…” enquanto a IA prepara a resposta. Só no WhatsApp conectado pelo celular."
        checked={values.typingIndicator ?? true}
        onChange={(v) => set('typingIndicator', v)}
      />
      <TextAreaField
        label="Mensagem de transferência"
        hint="Enviada ao cliente quando a conversa passa para uma pessoa."
        value={values.handoffMessage ?? ''}
        onChange={(v) => set('handoffMessage', v)}
        error={errors.handoffMessage}
        maxLength={500}
      />
      <ListField
        label="Palavras que chamam uma pessoa"
        hint="Separadas por vírgula."
        value={values.handoffKeywords ?? []}
        onChange={(v) => set('handoffKeywords', v)}
        error={
          errors.handoffKeywords ??
          Object.entries(errors).find(([k]) => k.startsWith('handoffKeywords.'))?.[1]
        }
      />
      <NumberField
        label="Mensagens de histórico enviadas ao provedor"
        step={1}
        min={0}
        max={30}
        value={values.historyMessages ?? 6}
        onChange={(v) => set('historyMessages', v)}
        error={errors.historyMessages}
        className="sm:max-w-xs"
      />
      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-medium text-slate-700 text-sm dark:text-slate-200">
          Horário de atendimento humano
        </legend>
        <ToggleField
          label="Usar horário de atendimento"
          checked={values.businessHours?.enabled ?? false}
          onChange={(enabled) => set('businessHours', { ...businessHours(values), enabled })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Início"
            type="time"
            value={businessHours(values).start}
            onChange={(start) => set('businessHours', { ...businessHours(values), start })}
            error={errors['businessHours.start']}
          />
          <TextField
            label="Fim"
            type="time"
            value={businessHours(values).end}
            onChange={(end) => set('businessHours', { ...businessHours(values), end })}
            error={errors['businessHours.end']}
          />
        </div>
        <TextAreaField
          label="Mensagem fora do horário"
          value={values.outOfHoursMessage ?? ''}
          onChange={(v) => set('outOfHoursMessage', v)}
          error={errors.outOfHoursMessage}
          maxLength={500}
        />
      </fieldset>
    </SettingsCard>
  );
}

function businessHours(values: { businessHours?: AgentConfig['businessHours'] | undefined }) {
  return values.businessHours ?? { enabled: false, start: '08:00', end: '18:00' };
}
