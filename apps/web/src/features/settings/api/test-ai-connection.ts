import { aiConnectionResponseSchema, apiPaths, type TestAiConnectionRequest } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function useTestAiConnection() {
  return useMutation({
    mutationFn: async (body: TestAiConnectionRequest) =>
      (
        await apiRequest(apiPaths.adminConfigTestAi(), {
          method: 'POST',
          body,
          schema: aiConnectionResponseSchema,
        })
      ).data,
  });
}
