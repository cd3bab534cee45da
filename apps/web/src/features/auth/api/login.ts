import { apiPaths, type LoginRequest, loginResponseSchema } from '@atende/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/login — the only call without a bearer token. */
export function loginRequest(credentials: LoginRequest) {
  return apiRequest(apiPaths.login(), {
    method: 'POST',
    body: credentials,
    schema: loginResponseSchema,
    auth: false,
  });
}
