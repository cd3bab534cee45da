/** Query keys of the order lookup feature. */
export const orderLookupKeys = {
  all: ['order-lookup'] as const,
  config: () => [...orderLookupKeys.all, 'config'] as const,
};
