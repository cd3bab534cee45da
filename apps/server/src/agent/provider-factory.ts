import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { getSettings } from '../kernel/settings/settings.service.js';
import { createOpenAiProvider } from './openai-provider.js';
import type { AgentProvider } from './provider.js';
import { createRetrievalProvider } from './retrieval-provider.js';

/**
 * The provider in use: an OpenAI-compatible endpoint when a base URL and a model are set (admin
 * settings first, then AI_BASE_URL / AI_MODEL / AI_API_KEY), otherwise offline retrieval. Built once
 * per distinct setting.
 */
export function createProviderResolver(db: Kysely<Database>, config: AppConfig) {
  const retrieval = createRetrievalProvider();
  let cached: { key: string; provider: AgentProvider } | null = null;
  return async (): Promise<AgentProvider> => {
    const [admin, agent] = await Promise.all([getSettings(db, 'admin-config'), getSettings(db, 'config')]);
    const baseUrl = admin.aiBaseUrl || config.ai.baseUrl;
    const model = admin.aiModel || config.ai.model;
    if (!baseUrl || !model) return retrieval;
    const apiKey = admin.aiApiKey ?? config.ai.apiKey;
    const key = JSON.stringify([
      baseUrl,
      model,
      apiKey,
      agent.assistantName,
      admin.companyName,
      config.ai.allowPrivate,
    ]);
    if (cached?.key !== key) {
      cached = {
        key,
        provider: createOpenAiProvider({
          baseUrl,
          model,
          apiKey,
          allowPrivate: config.ai.allowPrivate,
          assistantName: agent.assistantName,
          companyName: admin.companyName,
        }),
      };
    }
    return cached.provider;
  };
}
