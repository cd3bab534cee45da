import { Tag } from 'lucide-react';
import { LabelChip } from '@/components/label-chip';
import { useLabels } from '@/lib/api/get-labels';
import { formatCount, formatNumber } from '@/lib/format';

/** A list row's labels: the first one as a chip, then how many more (ids of deleted labels are skipped). */
export function RowLabels({ tags }: { tags: readonly string[] }) {
  const labels = useLabels().data;
  const known = labels ? labels.filter((label) => tags.includes(label.id)) : [];
  const first = known[0];
  return (
    <span
      className="inline-flex min-w-0 items-center gap-1"
      title={formatCount(known.length, 'etiqueta', 'etiquetas')}
    >
      {first ? (
        <>
          <LabelChip name={first.name} color={first.color} className="max-w-24" />
          {known.length > 1 && <span>+{formatNumber(known.length - 1)}</span>}
        </>
      ) : (
        <span className="inline-flex items-center gap-0.5">
          <Tag aria-hidden="true" className="size-3" />0
        </span>
      )}
    </span>
  );
}
