import { AUTOMATION_EVENTS, type AutomationRule, automationRuleInputSchema } from '@atende/contracts';
import type { ReactNode } from 'react';
import { NumberField, SelectField, TextField, ToggleField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
import { toast } from '@/components/ui';
import { useSaveAutomationRule } from '../api/save-automation-rule';
import { useRuleCatalog } from '../hooks/use-rule-catalog';
import { afterUnit, EVENT_ORDER, type RuleFormValues, ruleToForm } from '../lib/rule-items';
import { ActionList, ConditionList } from './rule-lists';
import { RuleSummary } from './rule-summary';
import { TestRuleSection } from './test-rule-section';

const BUILTIN_NOTES = {
  greeting: 'Regra padrão: envia a saudação de cada caixa de entrada às conversas novas.',
  out_of_office: 'Regra padrão: fora do horário, envia a mensagem de ausência de cada caixa de entrada.',
} as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rule being edited; absent for a new one. */
  rule?: AutomationRule;
  /** A new rule's starting values (an example); the empty rule when absent. */
  initial?: RuleFormValues;
}

/** The rule editor: name and switch, then Quando / Se / Então as three steps, the live sentence and Testar. */
export function RuleEditorDialog({ open, onOpenChange, rule, initial }: Props) {
  const save = useSaveAutomationRule();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? 'Editar regra' : 'Nova regra'}
      description="Quando algo acontece numa conversa, se as condições valem, as ações rodam em ordem."
      size="xl"
      isSaving={save.isPending}
      submitLabel={rule ? 'Salvar regra' : 'Criar regra'}
      closeOnOverlayClick={false}
    >
      {(formId) => (
        <RuleForm
          formId={formId}
          rule={rule}
          initial={initial ?? (rule ? ruleToForm(rule) : undefined)}
          onSave={async (data) => {
            await save.mutateAsync({ id: rule?.id, rule: data });
            toast.success(rule ? 'Regra salva' : 'Regra criada');
            onOpenChange(false);
          }}
        />
      )}
    </FormDialog>
  );
}

const EMPTY: RuleFormValues = {
  name: '',
  enabled: true,
  event: 'message_received',
  after: null,
  conditions: [],
  actions: [],
};

function RuleForm({
  formId,
  rule,
  initial = EMPTY,
  onSave,
}: {
  formId: string;
  rule?: AutomationRule;
  initial?: RuleFormValues;
  onSave: (data: RuleFormValues) => Promise<void>;
}) {
  const catalog = useRuleCatalog();
  const form = useZodForm(automationRuleInputSchema, initial, {
    toInput: (values) => values,
    revalidate: true,
  });
  const { values, set, errors } = form;
  const unit = afterUnit(values.event);
  const errorAt = (path: string) => errors[path];
  const firstInbox = values.conditions.find((c) => c.type === 'inbox')?.inboxIds[0];

  return (
    <form
      id={formId}
      onSubmit={form.handleSubmit(onSave)}
      noValidate
      className="space-y-6"
      data-testid="rule-form"
    >
      <FormFailure message={form.failure} />
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          label="Nome da regra"
          placeholder="Ex.: Boleto para o Financeiro"
          value={values.name}
          onChange={(v) => set('name', v)}
          error={errors.name}
          maxLength={80}
        />
        <div className="sm:pb-2">
          <ToggleField label="Ligada" checked={values.enabled} onChange={(v) => set('enabled', v)} />
        </div>
      </div>
      <div className="z-10 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 shadow-xs sm:sticky sm:-top-4 dark:border-indigo-500/30 dark:bg-indigo-950">
        <p className="mb-1 font-semibold text-[11px] text-indigo-800 uppercase tracking-wide dark:text-indigo-200">
          A regra se lê assim
        </p>
        <RuleSummary rule={values} names={catalog.names} />
      </div>
      {rule?.builtin ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-slate-600 text-sm dark:bg-slate-800/60 dark:text-slate-300">
          {BUILTIN_NOTES[rule.builtin]} Os textos ficam em Integrações › a caixa › Horário de atendimento. Ela
          pode ser editada e desligada, não excluída.
        </p>
      ) : null}
      <Step n={1} title="Quando" hint="O que acontece na conversa para a regra olhar para ela.">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,22rem)_minmax(0,14rem)_minmax(0,10rem)]">
          <SelectField
            label="Evento"
            value={values.event}
            onChange={(event) => {
              const next = afterUnit(event);
              form.setValues((v) => ({
                ...v,
                event,
                after:
                  next === null ? null : next === afterUnit(v.event) ? v.after : next === 'minutos' ? 30 : 24,
              }));
              form.clearErrors('after');
            }}
            options={EVENT_ORDER.map((event) => ({ value: event, label: AUTOMATION_EVENTS[event] }))}
            error={errors.event}
          />
          {values.event === 'no_reply_from_us' ? (
            <SelectField
              label="Conta a partir de"
              value={values.after === null ? 'sla' : 'fixed'}
              onChange={(v) => {
                set('after', v === 'sla' ? null : 30);
              }}
              options={[
                { value: 'fixed', label: 'Um tempo fixo' },
                { value: 'sla', label: 'A meta de resposta da caixa' },
              ]}
              hint={
                values.after === null
                  ? 'Age quando vence a meta de primeira resposta (SLA) da caixa de entrada.'
                  : undefined
              }
            />
          ) : null}
          {unit && !(values.event === 'no_reply_from_us' && values.after === null) ? (
            <NumberField
              label={`Depois de quantos ${unit}`}
              min={1}
              step={1}
              value={values.after ?? Number.NaN}
              onChange={(v) => set('after', v)}
              error={errors.after}
            />
          ) : null}
        </div>
      </Step>
      <Step n={2} title="Se" hint="Todas as condições precisam valer.">
        <ConditionList
          conditions={values.conditions}
          onChange={(conditions) => set('conditions', conditions)}
          errorAt={errorAt}
          catalog={catalog}
        />
      </Step>
      <Step n={3} title="Então" hint="As ações acontecem nesta ordem.">
        <ActionList
          actions={values.actions}
          onChange={(actions) => set('actions', actions)}
          errorAt={errorAt}
          catalog={catalog}
          templateInboxId={firstInbox}
        />
      </Step>
      <div className="border-slate-200 border-t pt-5 dark:border-slate-800">
        <TestRuleSection getRule={form.validate} />
      </div>
    </form>
  );
}

function Step({ n, title, hint, children }: { n: number; title: string; hint: string; children: ReactNode }) {
  return (
    <section aria-label={`${n}. ${title}`} data-testid={`rule-step-${n}`}>
      <div className="flex items-baseline gap-2">
        <span
          aria-hidden="true"
          className="flex size-6 shrink-0 items-center justify-center self-center rounded-full bg-indigo-600 font-semibold text-white text-xs"
        >
          {n}
        </span>
        <h3 className="font-semibold text-base text-slate-900 dark:text-slate-100">{title}</h3>
        <p className="min-w-0 text-slate-500 text-xs dark:text-slate-400">{hint}</p>
      </div>
      <div className="mt-3 sm:pl-8">{children}</div>
    </section>
  );
}
