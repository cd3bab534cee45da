import { SPEECH_TO_TEXT_MAX_MB, type SpeechToTextView, speechToTextSchema } from '@atende/contracts';
import { useMemo } from 'react';
import { NumberField, TextField, ToggleField } from '@/components/form/fields';
import { SecretField } from '@/components/form/secret-field';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsCard } from './settings-card';
import { SettingsLoader } from './settings-loader';

const formSchema = speechToTextSchema.omit({ apiKey: true });

/** Transcription of customers' voice notes (`/speech-to-text`): off by default. */
export function SpeechToTextSettings() {
  return (
    <SettingsLoader settingsKey="speech-to-text">{(view) => <SpeechToTextForm view={view} />}</SettingsLoader>
  );
}

function SpeechToTextForm({ view }: { view: SpeechToTextView }) {
  const initial = useMemo(
    () => ({ enabled: view.enabled, baseUrl: view.baseUrl, model: view.model, maxMb: view.maxMb }),
    [view],
  );
  const form = useSettingsForm('speech-to-text', formSchema, initial, { secret: 'apiKey' });
  const { values, set, errors } = form;

  return (
    <SettingsCard
      title="Transcrição de áudios"
      description="Mensagens de voz dos clientes viram texto num serviço compatível com OpenAI (/v1/audio/transcriptions): um serviço hospedado ou um Whisper próprio. O texto aparece sob o áudio, entra na busca e a IA responde a ele. Desligada, o áudio fica só como áudio."
      {...form.card}
      testId="speech-to-text-settings"
    >
      <ToggleField
        label="Transcrever mensagens de voz"
        description="Cada áudio recebido é enviado ao serviço abaixo; se ele estiver fora do ar, tentamos de novo por alguns minutos."
        checked={values.enabled ?? false}
        onChange={(v) => set('enabled', v)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="URL do serviço"
          type="url"
          placeholder="https://api.openai.com/v1"
          value={values.baseUrl ?? ''}
          onChange={(v) => set('baseUrl', v.trim())}
          error={errors.baseUrl}
        />
        <TextField
          label="Modelo"
          placeholder="whisper-1"
          value={values.model ?? ''}
          onChange={(v) => set('model', v)}
          error={errors.model}
        />
        <NumberField
          label="Tamanho máximo do áudio (MB)"
          hint={`Áudios maiores ficam sem transcrição (até ${SPEECH_TO_TEXT_MAX_MB} MB).`}
          min={1}
          max={SPEECH_TO_TEXT_MAX_MB}
          value={values.maxMb ?? 16}
          onChange={(v) => set('maxMb', v)}
          error={errors.maxMb}
        />
      </div>
      <SecretField label="Chave de API" stored={view.apiKey} {...form.secret} />
    </SettingsCard>
  );
}
