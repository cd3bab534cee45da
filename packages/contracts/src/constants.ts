/** Business constants (limits, durations, emoji sets), shared by server and web. */
export const LIMITS = {
  /** A text message, as WhatsApp limits it. */
  composerMaxChars: 4096,
  recentActivities: 10,
  touchHoldMs: 500,
  maxToasts: 5,
  toastMediumMs: 5000,
  toastLongMs: 7000,
  chartHeight: 300,
  clientGrowthChartHeight: 350,
  notificationCount: 3,
  realtimeReconnectAttempts: 5,
  realtimeReconnectDelayMs: 1000,
  realtimeReconnectDelayMaxMs: 5000,
  realtimeTimeoutMs: 45_000,
  inboundTextMaxChars: 4096,
  knowledgeBaseMaxChars: 500_000,
} as const;

export const STORAGE_KEYS = {
  authToken: 'auth_token',
  userPreferences: 'user_preferences',
  theme: 'theme',
  sidebarState: 'sidebar_state',
  dashboardLayout: 'dashboard_layout',
  recentSearches: 'recent_searches',
} as const;

export const APP_VERSION = '1.0.0';

/** Demo admin account; shown on the login screen only in demo mode. */
export const DEMO_ADMIN = { email: 'admin@atende.local', password: 'atende123' } as const;
export const DEMO_OPERATOR = { email: 'operador@atende.local', password: 'atende123' } as const;
