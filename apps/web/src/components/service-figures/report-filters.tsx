import type { ReportFilters as Filters } from '@atende/contracts';
import { SelectField } from '@/components/form/fields';
import { useInboxes } from '@/lib/api/get-inboxes';
import { useLabels } from '@/lib/api/get-labels';
import { useTeamMembers } from '@/lib/api/get-team-members';
import { cn } from '@/lib/cn';

interface ReportFiltersProps {
  value: Filters;
  onChange(next: Filters): void;
  className?: string;
}

/** Inbox, person and label: each "Todas"/"Todos" by default; the lists are the ones the viewer may see. */
export function ReportFilters({ value, onChange, className }: ReportFiltersProps) {
  const inboxes = useInboxes({ removed: true }).data ?? [];
  const people = useTeamMembers().data ?? [];
  const labels = useLabels().data ?? [];
  const set = (field: keyof Filters) => (next: string) => onChange({ ...value, [field]: next || undefined });
  return (
    <div className={cn('grid grid-cols-1 gap-3 sm:grid-cols-3', className)} data-testid="report-filters">
      <SelectField
        label="Caixa de entrada"
        value={value.inboxId ?? ''}
        onChange={set('inboxId')}
        options={[{ value: '', label: 'Todas' }, ...inboxes.map((i) => ({ value: i.id, label: i.name }))]}
      />
      <SelectField
        label="Pessoa"
        value={value.userId ?? ''}
        onChange={set('userId')}
        options={[{ value: '', label: 'Todas' }, ...people.map((p) => ({ value: p.id, label: p.name }))]}
      />
      <SelectField
        label="Etiqueta"
        value={value.labelId ?? ''}
        onChange={set('labelId')}
        options={[{ value: '', label: 'Todas' }, ...labels.map((l) => ({ value: l.id, label: l.name }))]}
      />
    </div>
  );
}
