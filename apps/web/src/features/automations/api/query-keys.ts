/** Query keys of the automations feature. */
export const automationKeys = {
  all: ['automations'] as const,
  rules: () => [...automationKeys.all, 'rules'] as const,
  /** Recent conversations "Testar" offers, by what was searched. */
  testConversations: (search: string) => [...automationKeys.all, 'test-conversations', search] as const,
};
