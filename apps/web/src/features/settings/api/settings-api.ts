import {
  type ApiPath,
  accessControlResponseSchema,
  adminConfigResponseSchema,
  agentConfigResponseSchema,
  apiPaths,
  conversationRulesResponseSchema,
  securityConfigResponseSchema,
  speechToTextResponseSchema,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';

/** The settings endpoints and the envelope each answers with. */
const SETTINGS_RESPONSES = {
  config: agentConfigResponseSchema,
  'access-control': accessControlResponseSchema,
  'admin-config': adminConfigResponseSchema,
  'security-config': securityConfigResponseSchema,
  'conversation-rules': conversationRulesResponseSchema,
  'speech-to-text': speechToTextResponseSchema,
} as const;
const SETTINGS_PATHS: Record<keyof typeof SETTINGS_RESPONSES, () => ApiPath> = {
  config: apiPaths.agentConfig,
  'access-control': apiPaths.accessControl,
  'admin-config': apiPaths.adminConfig,
  'security-config': apiPaths.securityConfig,
  'conversation-rules': apiPaths.conversationRules,
  'speech-to-text': apiPaths.speechToText,
};
export type SettingsKey = keyof typeof SETTINGS_RESPONSES;
export type SettingsView<K extends SettingsKey> = z.infer<(typeof SETTINGS_RESPONSES)[K]>['data'];

export const settingsQueryOptions = <K extends SettingsKey>(key: K) =>
  queryOptions({
    queryKey: ['settings', key] as const,
    queryFn: async ({ signal }) =>
      (
        (await apiRequest(SETTINGS_PATHS[key](), { schema: SETTINGS_RESPONSES[key], signal })) as {
          data: SettingsView<K>;
        }
      ).data,
  });

export function useSettings<K extends SettingsKey>(key: K) {
  return useQuery(settingsQueryOptions(key));
}

/** POSTs a partial body; the answer (the whole view) replaces the cached one. */
export function useSaveSettings<K extends SettingsKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (
        (await apiRequest(SETTINGS_PATHS[key](), {
          method: 'POST',
          body,
          schema: SETTINGS_RESPONSES[key],
        })) as {
          data: SettingsView<K>;
        }
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(settingsQueryOptions(key).queryKey, data);
      toast.success('Configurações salvas', 'As alterações já estão valendo.');
    },
    onError: (error) => toast.error('Erro ao salvar configurações', error.message),
  });
}
