import { LABEL_COLORS, type Label, type LabelColor, labelInputSchema } from '@atende/contracts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TextField } from '@/components/form/fields';
import { type FieldErrors, issuesToErrors } from '@/components/form/use-zod-form';
import { LABEL_COLOR_CLASSES, LabelChip } from '@/components/label-chip';
import { Button, Card, CardHeader, Skeleton, toast, useConfirm } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useDeleteLabel, useLabels, useSaveLabel } from '../api/labels-api';

/** /settings/labels: create, rename, recolour and delete conversation labels (admin). */
export default function LabelsPanel() {
  const query = useLabels();
  const remove = useDeleteLabel();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Label | 'new' | null>(null);
  return (
    <Card>
      <CardHeader
        title="Etiquetas"
        description="Organize as conversas. Aplique pelo botão de etiquetas no topo do chat."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Nova
          </Button>
        }
      />
      <div className="mt-4 border-slate-200 border-t dark:border-slate-800">
        {editing === 'new' && <LabelForm onDone={() => setEditing(null)} />}
        {query.isPending && <Skeleton className="m-5 h-10" />}
        {query.data?.length === 0 && editing !== 'new' && (
          <p className="px-5 py-6 text-center text-slate-500 text-sm dark:text-slate-400">
            Nenhuma etiqueta ainda.
          </p>
        )}
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {query.data?.map((label) =>
            editing !== 'new' && editing?.id === label.id ? (
              <li key={label.id}>
                <LabelForm label={label} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={label.id} data-testid="label-row" className="flex items-center gap-3 px-5 py-3">
                <LabelChip name={label.name} color={label.color} className="text-xs" />
                <span className="flex-1" />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Editar ${label.name}`}
                  onClick={() => setEditing(label)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600 dark:text-red-400"
                  aria-label={`Excluir ${label.name}`}
                  onClick={async () => {
                    const ok = await confirm({
                      variant: 'error',
                      message: `Excluir a etiqueta "${label.name}"? Ela sai de todas as conversas.`,
                      confirmLabel: 'Excluir',
                    });
                    if (ok) remove.mutate(label.id, { onSuccess: () => toast.success('Etiqueta excluída') });
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ),
          )}
        </ul>
      </div>
    </Card>
  );
}

function LabelForm({ label, onDone }: { label?: Label; onDone: () => void }) {
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState<LabelColor>(label?.color ?? 'indigo');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveLabel();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = labelInputSchema.safeParse({ name, color });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    save.mutate(
      { ...parsed.data, id: label?.id },
      {
        onSuccess: () => {
          toast.success(label ? 'Etiqueta atualizada' : 'Etiqueta criada');
          onDone();
        },
        onError: (error) => setErrors({ name: error.message }),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="label-form"
      className="space-y-3 bg-slate-50 px-5 py-4 dark:bg-slate-800/40"
    >
      <TextField label="Nome" value={name} onChange={setName} error={errors.name} maxLength={40} />
      <fieldset>
        <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">Cor</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {LABEL_COLORS.map((c) => (
            <label
              key={c}
              title={LABEL_COLOR_CLASSES[c].name}
              className={cn(
                'flex size-8 cursor-pointer items-center justify-center rounded-full ring-offset-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:ring-offset-slate-900',
                color === c && 'ring-2 ring-slate-900 dark:ring-white',
              )}
            >
              <input
                type="radio"
                name="label-color"
                value={c}
                checked={color === c}
                onChange={() => setColor(c)}
                className="sr-only"
                aria-label={LABEL_COLOR_CLASSES[c].name}
              />
              <span aria-hidden="true" className={cn('size-6 rounded-full', LABEL_COLOR_CLASSES[c].dot)} />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          Salvar
        </Button>
      </div>
    </form>
  );
}
