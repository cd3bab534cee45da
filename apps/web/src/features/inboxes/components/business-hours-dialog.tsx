import {
  BRAZIL_TIME_ZONES,
  type BrazilTimeZone,
  type BusinessHours,
  businessHoursSchema,
  type Inbox,
} from '@atende/contracts';
import { SelectField, TextAreaField, ToggleField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
import { Skeleton, toast } from '@/components/ui';
import { useBusinessHours } from '../api/get-business-hours';
import { useSaveBusinessHours } from '../api/save-business-hours';
import { HolidaysFields } from './holidays-fields';
import { LoadFailure } from './load-failure';
import { WeekScheduleFields } from './week-schedule-fields';

const TIME_ZONES = (Object.entries(BRAZIL_TIME_ZONES) as Array<[BrazilTimeZone, string]>).map(
  ([value, label]) => ({
    value,
    label,
  }),
);

const VARIABLES_HINT = 'Pode usar {primeiro_nome}, {nome}, {empresa} e {caixa}. Vazia, nada é enviado.';

/** Integrações › an inbox › Horário de atendimento: when this number answers, and what it says. */
export function BusinessHoursDialog({
  inbox,
  open,
  onOpenChange,
}: {
  inbox: Inbox | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const hours = useBusinessHours(open ? inbox?.id : undefined);
  const save = useSaveBusinessHours();
  return (
    <FormDialog
      open={open && Boolean(inbox)}
      onOpenChange={onOpenChange}
      title={`Horário de atendimento — ${inbox?.name ?? ''}`}
      description="Quando este número atende, no fuso dele, e o que ele diz a quem chega."
      size="lg"
      isSaving={save.isPending}
      submitLabel="Salvar horário"
      submitDisabled={!hours.data}
      closeOnOverlayClick={false}
    >
      {(formId) =>
        hours.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : hours.isError ? (
          <LoadFailure onRetry={() => void hours.refetch()}>
            Erro ao carregar o horário: {hours.error.message}
          </LoadFailure>
        ) : inbox ? (
          <BusinessHoursForm
            formId={formId}
            initial={hours.data}
            onSave={async (data) => {
              await save.mutateAsync({ inboxId: inbox.id, hours: data });
              toast.success('Horário de atendimento salvo');
              onOpenChange(false);
            }}
          />
        ) : null
      }
    </FormDialog>
  );
}

function BusinessHoursForm({
  formId,
  initial,
  onSave,
}: {
  formId: string;
  initial: BusinessHours;
  onSave: (data: BusinessHours) => Promise<void>;
}) {
  const form = useZodForm(businessHoursSchema, initial, { toInput: (values) => values, revalidate: true });
  const { values, set, errors } = form;
  const errorAt = (path: string) => errors[path];
  return (
    <form
      id={formId}
      onSubmit={form.handleSubmit(onSave)}
      noValidate
      className="space-y-6"
      data-testid="business-hours-form"
    >
      <FormFailure message={form.failure} />
      <ToggleField
        label="Usar horário de atendimento"
        description="Desligado, a caixa atende a qualquer hora e nunca envia a mensagem fora do horário."
        checked={values.enabled}
        onChange={(v) => set('enabled', v)}
      />
      <div className={values.enabled ? 'space-y-6' : 'space-y-6 opacity-60'}>
        <SelectField
          label="Fuso horário"
          hint="Os horários abaixo valem neste fuso."
          value={values.timeZone}
          onChange={(v) => set('timeZone', v)}
          options={TIME_ZONES}
          error={errors.timeZone}
          className="sm:max-w-sm"
        />
        <WeekScheduleFields week={values.week} onChange={(week) => set('week', week)} errorAt={errorAt} />
        <HolidaysFields
          holidays={values.holidays}
          onChange={(holidays) => set('holidays', holidays)}
          errorAt={errorAt}
        />
      </div>
      <TextAreaField
        label="Saudação"
        hint={`Enviada a quem começa uma conversa nesta caixa, pela regra padrão “Saudação” (Configurações › Automações). ${VARIABLES_HINT}`}
        placeholder="Olá, {primeiro_nome}! Que bom falar com você. Como podemos ajudar?"
        value={values.greeting}
        onChange={(v) => set('greeting', v)}
        error={errors.greeting}
        maxLength={1000}
      />
      <TextAreaField
        label="Mensagem fora do horário"
        hint={`Enviada a quem escreve fora do horário, pela regra padrão de ausência. ${VARIABLES_HINT}`}
        placeholder="Oi, {primeiro_nome}! Nosso horário é de segunda a sexta, das 8h às 18h. Respondemos assim que voltarmos."
        value={values.outOfOffice}
        onChange={(v) => set('outOfOffice', v)}
        error={errors.outOfOffice}
        maxLength={1000}
      />
    </form>
  );
}
