import type { AssigneeFilter, Attention, HandlerMode } from '@atende/contracts';

/** The three queues of the inbox. */
export type InboxTab = 'mine' | 'unassigned' | 'all';

export const INBOX_TABS: ReadonlyArray<{ id: InboxTab; label: string; count: (a: Attention) => number }> = [
  { id: 'mine', label: 'Minhas', count: (a) => a.mine },
  { id: 'unassigned', label: 'Não atribuídas', count: (a) => a.unassigned },
  { id: 'all', label: 'Todas', count: (a) => a.all },
];

/** The search parameter holding the tab, so a reload or a shared link keeps it. */
export const TAB_PARAM = 'tab';

export function parseInboxTab(value: string | null): InboxTab {
  return value === 'mine' || value === 'unassigned' ? value : 'all';
}

/**
 * What each tab asks of the list. "Não atribuídas" is the queue of conversations waiting for a person
 * that nobody holds (the AI's own are not waiting for anyone), the same ones its count counts.
 */
export function tabFilters(tab: InboxTab): { assignee: AssigneeFilter; handler?: HandlerMode } {
  if (tab === 'mine') return { assignee: 'me' };
  if (tab === 'unassigned') return { assignee: 'none', handler: 'waiting_human' };
  return { assignee: 'all' };
}
