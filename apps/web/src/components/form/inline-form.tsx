import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui';

/** A list item's form, written in place of its row, with Cancelar and Salvar. */
export function InlineForm({
  testId,
  onSubmit,
  onCancel,
  isSaving,
  children,
}: {
  testId: string;
  onSubmit: () => void;
  onCancel: () => void;
  isSaving: boolean;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid={testId}
      className="space-y-3 bg-slate-50 px-5 py-4 dark:bg-slate-800/40"
    >
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={isSaving}>
          Salvar
        </Button>
      </div>
    </form>
  );
}
