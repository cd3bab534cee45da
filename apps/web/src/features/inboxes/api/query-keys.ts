/** Query keys of the inboxes feature (the inbox lists themselves live under `lib/api/get-inboxes`). */
export const inboxKeys = {
  kinds: () => ['inbox-kinds'] as const,
  members: () => ['inbox-members'] as const,
  businessHours: (inboxId: string) => ['inbox-business-hours', inboxId] as const,
  satisfaction: (inboxId: string) => ['inbox-satisfaction', inboxId] as const,
};
