import type { Conversation } from '@atende/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Since when a conversation waits for a person, or null when it does not (open and handed off). */
export function waitingSince(row: Pick<Conversation, 'status' | 'handler' | 'archivedAt'>): string | null {
  if (row.status !== 'active' || row.archivedAt || row.handler.mode !== 'waiting_human') return null;
  return row.handler.since;
}

/** "aguardando há 12 min", "aguardando há 1 h 5 min", "aguardando há 2 dias". */
export function formatWaiting(since: string, now: number): string {
  const waited = Math.max(0, now - Date.parse(since));
  if (Number.isNaN(waited) || waited < MINUTE) return 'aguardando há instantes';
  if (waited < HOUR) return `aguardando há ${Math.floor(waited / MINUTE)} min`;
  if (waited < DAY) {
    const hours = Math.floor(waited / HOUR);
    const minutes = Math.floor((waited % HOUR) / MINUTE);
    return minutes ? `aguardando há ${hours} h ${minutes} min` : `aguardando há ${hours} h`;
  }
  const days = Math.floor(waited / DAY);
  return `aguardando há ${days} ${days === 1 ? 'dia' : 'dias'}`;
}

/** The unassigned queue: whoever has waited longest first. */
export function oldestWaitingFirst<R extends Pick<Conversation, 'status' | 'handler' | 'archivedAt'>>(
  rows: readonly R[],
): R[] {
  const at = (row: R) => Date.parse(waitingSince(row) ?? '') || Number.POSITIVE_INFINITY;
  return [...rows].sort((a, b) => at(a) - at(b));
}
