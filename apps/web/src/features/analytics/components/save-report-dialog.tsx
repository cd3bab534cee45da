import { type ReportDefinition, savedReportInputSchema } from '@atende/contracts';
import { TextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
import { toast } from '@/components/ui';
import { useSaveReport } from '../api/saved-reports';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  definition: ReportDefinition;
  /** Saving changes to this report; absent: a new one. */
  editing?: { id: string; name: string } | null;
  onSaved(id: string): void;
}

/** Names the report on screen and saves it for the whole team (admins). */
export function SaveReportDialog({ open, onOpenChange, definition, editing, onSaved }: Props) {
  const save = useSaveReport();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Salvar alterações do relatório' : 'Salvar relatório'}
      description="A equipe toda vê os relatórios salvos; só administradores os alteram."
      size="md"
      isSaving={save.isPending}
      submitLabel="Salvar"
    >
      {(formId) => (
        <SaveForm
          formId={formId}
          name={editing?.name ?? ''}
          onSubmit={async (name) => {
            const saved = await save.mutateAsync({ id: editing?.id, input: { name, definition } });
            toast.success('Relatório salvo', saved.name);
            onSaved(saved.id);
            onOpenChange(false);
          }}
        />
      )}
    </FormDialog>
  );
}

function SaveForm({
  formId,
  name,
  onSubmit,
}: {
  formId: string;
  name: string;
  onSubmit(name: string): Promise<void>;
}) {
  const form = useZodForm(savedReportInputSchema.pick({ name: true }), { name });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={form.handleSubmit((data) => onSubmit(data.name), { errorField: 'name' })}
    >
      <FormFailure message={form.failure} />
      <TextField
        label="Nome do relatório"
        value={form.values.name}
        onChange={(value) => form.set('name', value)}
        error={form.errors.name}
        maxLength={80}
        autoFocus
      />
    </form>
  );
}
