import { ackEnvelopeSchema, apiPaths } from '@atende/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/logout — best effort: the answer is ignored and errors are only logged. */
export function logoutRequest(token?: string): Promise<void> {
  return apiRequest(apiPaths.logout(), { method: 'POST', schema: ackEnvelopeSchema, token }).then(
    () => undefined,
    (error: unknown) => {
      console.warn('Falha ao encerrar a sessão no servidor', error);
    },
  );
}
