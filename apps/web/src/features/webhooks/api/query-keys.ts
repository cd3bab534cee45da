/** Query keys of the webhooks feature: the endpoints, and each one's delivery log. */
export const webhookKeys = {
  all: ['webhook-endpoints'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};
