import { type Macro, type MacroInput, macroInputSchema } from '@atende/contracts';
import { TextField, ToggleField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
import { toast } from '@/components/ui';
import { useSaveMacro } from '../api/save-macro';
import { useRuleCatalog } from '../hooks/use-rule-catalog';
import { describeActions } from '../lib/rule-sentence';
import { ActionList } from './rule-lists';

type MacroValues = Required<MacroInput> & { actions: Macro['actions'] };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  macro?: Macro;
  /** Admins may share a macro with the team. */
  canShare: boolean;
}

/** A macro: its name, whether the team shares it, and the actions it runs on the open conversation. */
export function MacroEditorDialog({ open, onOpenChange, macro, canShare }: Props) {
  const save = useSaveMacro();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={macro ? 'Editar macro' : 'Nova macro'}
      description="Uma macro faz várias ações de uma vez na conversa aberta, com um clique."
      size="lg"
      isSaving={save.isPending}
      submitLabel={macro ? 'Salvar macro' : 'Criar macro'}
      closeOnOverlayClick={false}
    >
      {(formId) => (
        <MacroForm
          formId={formId}
          initial={{
            name: macro?.name ?? '',
            shared: macro?.shared ?? false,
            actions: macro?.actions ?? [],
          }}
          canShare={canShare}
          onSave={async (data) => {
            await save.mutateAsync({ id: macro?.id, macro: data });
            toast.success(macro ? 'Macro salva' : 'Macro criada');
            onOpenChange(false);
          }}
        />
      )}
    </FormDialog>
  );
}

function MacroForm({
  formId,
  initial,
  canShare,
  onSave,
}: {
  formId: string;
  initial: MacroValues;
  canShare: boolean;
  onSave: (data: MacroValues) => Promise<void>;
}) {
  const catalog = useRuleCatalog();
  const form = useZodForm(macroInputSchema, initial, { toInput: (values) => values, revalidate: true });
  const { values, set, errors } = form;
  return (
    <form
      id={formId}
      onSubmit={form.handleSubmit(onSave)}
      noValidate
      className="space-y-5"
      data-testid="macro-form"
    >
      <FormFailure message={form.failure} />
      <TextField
        label="Nome"
        placeholder="Ex.: Boleto enviado"
        hint="É o que aparece no menu Macros do chat e ao digitar / na mensagem."
        value={values.name}
        onChange={(v) => set('name', v)}
        error={errors.name}
        maxLength={60}
      />
      {canShare ? (
        <ToggleField
          label="Compartilhar com a equipe"
          description="Todos veem e usam. Desligada, só você vê."
          checked={values.shared}
          onChange={(v) => set('shared', v)}
        />
      ) : null}
      <section aria-labelledby={`${formId}-actions`}>
        <h3 id={`${formId}-actions`} className="font-semibold text-slate-900 text-sm dark:text-slate-100">
          Ações, nesta ordem
        </h3>
        {values.actions.length > 0 ? (
          <p data-testid="macro-summary" className="mt-0.5 mb-3 text-slate-600 text-sm dark:text-slate-300">
            Ao rodar: {describeActions(values.actions, catalog.names)}.
          </p>
        ) : (
          <p className="mt-0.5 mb-3 text-slate-500 text-sm dark:text-slate-400">
            Por exemplo: adicionar a etiqueta Financeiro, enviar a resposta rápida do boleto e finalizar.
          </p>
        )}
        <ActionList
          actions={values.actions}
          onChange={(actions) => set('actions', actions)}
          errorAt={(path) => errors[path]}
          catalog={catalog}
        />
      </section>
    </form>
  );
}
