import {
  type ConversationStatusFilter,
  conversationStatusLabel,
  type Handler,
  type HandlerMode,
} from '@atende/contracts';

export type StatusTone = 'success' | 'warning' | 'error' | 'gray' | 'info';

/** Status filter options: 'finished' is what the data calls 'completed'. */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: ConversationStatusFilter; label: string }> = [
  { value: 'all', label: 'Todas' },
  { value: 'active', label: 'Ativas' },
  { value: 'finished', label: 'Finalizadas' },
  { value: 'paused', label: 'Pausadas' },
  { value: 'abandoned', label: 'Abandonadas' },
];

const STATUS_TONES = new Map<string, StatusTone>([
  ['active', 'success'],
  ['completed', 'info'],
  ['finished', 'info'],
  ['paused', 'warning'],
  ['abandoned', 'error'],
]);

/** Anything other than the known statuses is shown as inactive. */
export function statusDisplay(status: string): { label: string; tone: StatusTone } {
  return { label: conversationStatusLabel(status), tone: STATUS_TONES.get(status) ?? 'gray' };
}

/** Does a stored status match the filter? 'finished' and 'completed' are the same reading. */
export function matchesStatusFilter(status: string, filter: ConversationStatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'finished' || filter === 'completed') return status === 'completed' || status === 'finished';
  return status === filter;
}

export const HANDLER_FILTER_OPTIONS: ReadonlyArray<{ value: HandlerMode; label: string }> = [
  { value: 'ai', label: 'IA respondendo' },
  { value: 'waiting_human', label: 'Aguardando humano' },
  { value: 'human', label: 'Humano' },
  { value: 'paused', label: 'IA pausada' },
];

/** Who is answering, in one phrase. */
export function handlerLabel(handler: Pick<Handler, 'mode' | 'userName'>): string {
  switch (handler.mode) {
    case 'ai':
      return 'IA respondendo';
    case 'waiting_human':
      return 'Aguardando humano';
    case 'human':
      return `Humano: ${handler.userName ?? 'operador'}`;
    case 'paused':
      return 'IA pausada';
  }
}

export function handlerTone(mode: HandlerMode): StatusTone {
  switch (mode) {
    case 'ai':
      return 'info';
    case 'waiting_human':
      return 'warning';
    case 'human':
      return 'success';
    case 'paused':
      return 'gray';
  }
}
