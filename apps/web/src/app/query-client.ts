import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { watchRacedFetches } from '@/lib/refetch-raced-fetches';
import { onSessionEnd } from '@/lib/session';

/** Client errors (4xx) are answers, not glitches: never retried. Anything else is retried once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
  // A fetch read before a change written into the cache meanwhile is followed by another.
  watchRacedFetches(client);
  return client;
}

/** The one query cache of the signed-in app; nothing cached for one user is shown to the next. */
export const queryClient = createQueryClient();
onSessionEnd(() => queryClient.clear());
