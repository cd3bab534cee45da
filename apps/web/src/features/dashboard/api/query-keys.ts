/** Query keys of the dashboard feature, built in one place so they are never retyped. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  health: () => [...dashboardKeys.all, 'health'] as const,
  activity: () => [...dashboardKeys.all, 'activity'] as const,
  charts: () => [...dashboardKeys.all, 'charts'] as const,
  whatsappStatus: () => [...dashboardKeys.all, 'whatsapp-status'] as const,
};
