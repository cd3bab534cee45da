import { apiPaths, meResponseSchema } from '@atende/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /auth/me — validates the stored token and returns the signed-in user. */
export function getMe(signal?: AbortSignal) {
  return apiRequest(apiPaths.me(), { schema: meResponseSchema, signal });
}
