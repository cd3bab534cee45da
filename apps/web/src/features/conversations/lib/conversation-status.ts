import type { ConversationStatusFilter, HandlerMode, Tone as ViewTone } from '@atende/contracts';
import type { Tone } from '@/components/ui';

/**
 * Status filter options: 'finished' is what the data calls 'completed'; a snoozed conversation is
 * stored 'paused' ("Adiada até…" in the header); archived ones show only under their own option.
 */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: ConversationStatusFilter; label: string }> = [
  { value: 'all', label: 'Todas' },
  { value: 'active', label: 'Ativas' },
  { value: 'finished', label: 'Finalizadas' },
  { value: 'paused', label: 'Adiadas' },
  { value: 'abandoned', label: 'Abandonadas' },
  { value: 'archived', label: 'Arquivadas' },
];

/**
 * Does a row match the status filter? 'finished' and 'completed' are the same reading; 'archived'
 * lists only archived rows, and every other filter leaves them out.
 */
export function matchesStatusFilter(
  row: { status: string; archivedAt?: string | null | undefined },
  filter: ConversationStatusFilter,
): boolean {
  if (filter === 'archived') return Boolean(row.archivedAt);
  if (row.archivedAt) return false;
  if (filter === 'all') return true;
  if (filter === 'finished' || filter === 'completed') {
    return row.status === 'completed' || row.status === 'finished';
  }
  return row.status === filter;
}

export const HANDLER_FILTER_OPTIONS: ReadonlyArray<{ value: HandlerMode; label: string }> = [
  { value: 'ai', label: 'IA respondendo' },
  { value: 'waiting_human', label: 'Aguardando humano' },
  { value: 'human', label: 'Humano' },
  { value: 'paused', label: 'IA pausada' },
];

/** The contracts' view tones in the badge palette (neutral is the spec's gray). */
export function badgeTone(tone: ViewTone): Tone {
  return tone === 'neutral' ? 'gray' : tone;
}
