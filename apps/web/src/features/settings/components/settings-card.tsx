import type { FormEvent, ReactNode } from 'react';
import { Button, Card, CardContent, CardHeader } from '@/components/ui';

/** A settings section: a form in a card with Salvar and Descartar. */
export function SettingsCard({
  title,
  description,
  onSubmit,
  onReset,
  isDirty,
  isSaving,
  children,
  extraActions,
  testId,
}: {
  title: string;
  description?: string;
  onSubmit: () => void;
  onReset: () => void;
  isDirty: boolean;
  isSaving: boolean;
  children: ReactNode;
  extraActions?: ReactNode;
  testId?: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate data-testid={testId}>
        <CardHeader title={title} description={description} />
        <CardContent className="space-y-5">{children}</CardContent>
        <div className="flex flex-wrap items-center justify-end gap-2 border-slate-200 border-t px-5 py-3 dark:border-slate-800">
          {extraActions}
          <Button variant="ghost" onClick={onReset} disabled={!isDirty || isSaving}>
            Descartar
          </Button>
          <Button type="submit" isLoading={isSaving} disabled={!isDirty}>
            Salvar
          </Button>
        </div>
      </form>
    </Card>
  );
}
