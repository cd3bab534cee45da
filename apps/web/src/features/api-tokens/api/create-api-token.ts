import {
  type ApiToken,
  apiPaths,
  type CreateApiTokenRequest,
  createdApiTokenResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getApiTokensQueryOptions } from './get-api-tokens';

export interface CreatedApiToken {
  apiToken: ApiToken;
  /** `atd_…`: in this answer only; the server keeps its hash. */
  token: string;
}

export async function createApiToken(body: CreateApiTokenRequest): Promise<CreatedApiToken> {
  const response = await apiRequest(apiPaths.apiTokens(), {
    method: 'POST',
    body,
    schema: createdApiTokenResponseSchema,
  });
  return response.data;
}

/** Errors are the form's to show. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions().queryKey }),
  });
}
