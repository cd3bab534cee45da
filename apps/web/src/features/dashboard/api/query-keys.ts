import type { ReportFilters } from '@atende/contracts';

/** Query keys of the dashboard feature, built in one place so they are never retyped. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** Without filters: the figures of every inbox the viewer counts (what `system:metrics` carries). */
  stats: (filters: ReportFilters = {}) => [...dashboardKeys.all, 'stats', filters] as const,
  health: () => [...dashboardKeys.all, 'health'] as const,
  activity: () => [...dashboardKeys.all, 'activity'] as const,
  charts: (filters: ReportFilters = {}) => [...dashboardKeys.all, 'charts', filters] as const,
  whatsappStatus: () => [...dashboardKeys.all, 'whatsapp-status'] as const,
};

/** Whether a stats or charts key is filtered (by inbox, person or label). */
export function isFilteredKey(queryKey: readonly unknown[]): boolean {
  const filters = queryKey[2];
  return typeof filters === 'object' && filters !== null && Object.values(filters).some(Boolean);
}
