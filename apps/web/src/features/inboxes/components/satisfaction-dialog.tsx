import {
  CSAT_QUESTION_MAX,
  CSAT_SCALE,
  CSAT_TYPED_HINT,
  type Inbox,
  type UpdateSatisfactionSettings,
  updateSatisfactionSettingsSchema,
} from '@atende/contracts';
import { TextAreaField, ToggleField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
import { Skeleton, toast } from '@/components/ui';
import { useSatisfactionSettings, useSaveSatisfactionSettings } from '../api/satisfaction-settings';
import { LoadFailure } from './load-failure';

/**
 * Integrações › an inbox › Pesquisa de satisfação: whether a resolved conversation gets the survey, and
 * the question. The preview shows what the customer receives (the choices to tap, or the hint to type).
 */
export function SatisfactionDialog({
  inbox,
  open,
  onOpenChange,
}: {
  inbox: Inbox | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const settings = useSatisfactionSettings(open ? inbox?.id : undefined);
  const save = useSaveSatisfactionSettings();
  return (
    <FormDialog
      open={open && Boolean(inbox)}
      onOpenChange={onOpenChange}
      title={`Pesquisa de satisfação — ${inbox?.name ?? ''}`}
      description="Enviada ao cliente quando a conversa é resolvida (por uma pessoa, pela IA ou por uma automação)."
      size="lg"
      isSaving={save.isPending}
      submitLabel="Salvar pesquisa"
      submitDisabled={!settings.data}
    >
      {(formId) =>
        settings.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : settings.isError ? (
          <LoadFailure onRetry={() => void settings.refetch()}>
            Erro ao carregar a pesquisa: {settings.error.message}
          </LoadFailure>
        ) : inbox ? (
          <SatisfactionForm
            formId={formId}
            tappable={settings.data.tappable}
            initial={{ enabled: settings.data.enabled, question: settings.data.question }}
            onSave={async (data) => {
              await save.mutateAsync({ inboxId: inbox.id, settings: data });
              toast.success('Pesquisa de satisfação salva');
              onOpenChange(false);
            }}
          />
        ) : null
      }
    </FormDialog>
  );
}

function SatisfactionForm({
  formId,
  tappable,
  initial,
  onSave,
}: {
  formId: string;
  tappable: boolean;
  initial: UpdateSatisfactionSettings;
  onSave(data: UpdateSatisfactionSettings): Promise<void>;
}) {
  const form = useZodForm(updateSatisfactionSettingsSchema, initial, { revalidate: true });
  const { values, errors } = form;
  return (
    <form id={formId} noValidate onSubmit={form.handleSubmit(onSave)} className="space-y-5">
      <FormFailure message={form.failure} />
      <ToggleField
        label="Enviar a pesquisa ao resolver"
        description="Nunca fora da janela de 24 horas do WhatsApp, a quem pediu para não ser contatado ou depois de apagar os dados do cliente."
        checked={values.enabled}
        onChange={(enabled) => form.set('enabled', enabled)}
      />
      <TextAreaField
        label="Pergunta"
        value={values.question}
        onChange={(question) => form.set('question', question)}
        error={errors.question}
        rows={2}
        maxLength={CSAT_QUESTION_MAX}
        disabled={!values.enabled}
      />
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-950">
        <p className="font-medium text-slate-700 dark:text-slate-200">O cliente recebe</p>
        <p className="mt-1 whitespace-pre-line text-slate-600 dark:text-slate-300">
          {values.question}
          {tappable ? '' : `\n${CSAT_TYPED_HINT}`}
        </p>
        {tappable && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Opções de resposta">
            {CSAT_SCALE.map((step) => (
              <li
                key={step.id}
                className="rounded-full border border-slate-300 px-2 py-0.5 text-slate-600 text-xs dark:border-slate-600 dark:text-slate-300"
              >
                {step.title}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-slate-500 text-xs dark:text-slate-400">
          Também entendemos respostas escritas: “5”, “nota 4”, “ótimo”, “😡”. Depois da nota, o cliente pode
          deixar um comentário.
        </p>
      </div>
    </form>
  );
}
