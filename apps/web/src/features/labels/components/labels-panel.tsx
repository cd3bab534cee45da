import { LABEL_COLORS, type Label, labelInputSchema } from '@atende/contracts';
import { EditableListCard } from '@/components/editable-list-card';
import { TextField } from '@/components/form/fields';
import { InlineForm } from '@/components/form/inline-form';
import { useItemForm } from '@/components/form/use-item-form';
import { LABEL_COLOR_CLASSES, LabelChip } from '@/components/label-chip';
import { toast } from '@/components/ui';
import { useLabels } from '@/lib/api/get-labels';
import { cn } from '@/lib/cn';
import { useDeleteLabel, useSaveLabel } from '../api/labels-api';

/** /settings/labels: create, rename, recolour and delete conversation labels (admin). */
export default function LabelsPanel() {
  const query = useLabels();
  const remove = useDeleteLabel();
  return (
    <EditableListCard
      title="Etiquetas"
      description="Organize as conversas. Aplique pelo botão de etiquetas no topo do chat."
      items={query.data}
      isPending={query.isPending}
      emptyText="Nenhuma etiqueta ainda."
      renderForm={(label, onDone) => <LabelForm label={label} onDone={onDone} />}
      renderItem={(label) => (
        <>
          <LabelChip name={label.name} color={label.color} className="text-xs" />
          <span className="flex-1" />
        </>
      )}
      itemName={(label) => label.name}
      deleteQuestion={(label) => `Excluir a etiqueta "${label.name}"? Ela sai de todas as conversas.`}
      onDelete={(label) => remove.mutate(label.id, { onSuccess: () => toast.success('Etiqueta excluída') })}
      rowTestId="label-row"
      rowAlign="center"
    />
  );
}

function LabelForm({ label, onDone }: { label?: Label; onDone: () => void }) {
  const save = useSaveLabel();
  const { values, set, errors, submit, isSaving } = useItemForm(
    labelInputSchema,
    { name: label?.name ?? '', color: label?.color ?? 'indigo' },
    save,
    label?.id,
    () => {
      toast.success(label ? 'Etiqueta atualizada' : 'Etiqueta criada');
      onDone();
    },
  );
  return (
    <InlineForm testId="label-form" onSubmit={submit} onCancel={onDone} isSaving={isSaving}>
      <TextField
        label="Nome"
        value={values.name}
        onChange={(v) => set('name', v)}
        error={errors.name}
        maxLength={40}
      />
      <fieldset>
        <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">Cor</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {LABEL_COLORS.map((c) => (
            <label
              key={c}
              title={LABEL_COLOR_CLASSES[c].name}
              className={cn(
                'flex size-8 cursor-pointer items-center justify-center rounded-full ring-offset-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:ring-offset-slate-900',
                values.color === c && 'ring-2 ring-slate-900 dark:ring-white',
              )}
            >
              <input
                type="radio"
                name="label-color"
                value={c}
                checked={values.color === c}
                onChange={() => set('color', c)}
                className="sr-only"
                aria-label={LABEL_COLOR_CLASSES[c].name}
              />
              <span aria-hidden="true" className={cn('size-6 rounded-full', LABEL_COLOR_CLASSES[c].dot)} />
            </label>
          ))}
        </div>
      </fieldset>
    </InlineForm>
  );
}
