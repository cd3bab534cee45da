import {
  type AiConnectionResult,
  aiConnectionResponseSchema,
  testAiConnectionRequestSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getSettings } from '../kernel/settings/settings.service.js';
import { createOpenAiProvider } from './openai-provider.js';

const TEST_TIMEOUT_MS = 10_000;

/**
 * POST /api/admin-config/test-ai (Configurações › Testar conexão): one real question to the configured
 * (or typed) AI endpoint. The agent serves it because it alone knows how to build a provider.
 */
export const testAiRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/admin-config/test-ai',
    {
      onRequest: app.allow('settings:manage'),
      schema: { body: testAiConnectionRequestSchema, response: { 200: aiConnectionResponseSchema } },
    },
    async (request) => {
      const stored = await getSettings(app.db, 'admin-config');
      const body = request.body;
      const baseUrl = (body.aiBaseUrl ?? stored.aiBaseUrl) || app.config.ai.baseUrl;
      const model = (body.aiModel ?? stored.aiModel) || app.config.ai.model;
      const apiKey =
        typeof body.aiApiKey === 'string'
          ? body.aiApiKey
          : body.aiApiKey === null
            ? undefined
            : (stored.aiApiKey ?? app.config.ai.apiKey);
      const started = performance.now();
      const result = (ok: boolean, message: string, provider: AiConnectionResult['provider']) => ({
        success: true as const,
        data: { ok, provider, message, latencyMs: Math.round(performance.now() - started) },
      });
      if (!baseUrl || !model) {
        return result(
          true,
          'Nenhum provedor configurado: o agente usa o motor local da base de conhecimento',
          'retrieval',
        );
      }
      const provider = createOpenAiProvider({
        baseUrl,
        model,
        apiKey,
        allowPrivate: app.config.ai.allowPrivate,
        retries: 0,
        timeoutMs: TEST_TIMEOUT_MS,
        deadlineMs: TEST_TIMEOUT_MS,
      });
      try {
        await provider.answer({
          question: 'Teste de conexão: responda apenas "ok".',
          history: [],
          passages: [],
          retrievalConfidence: 0,
        });
        return result(true, 'Conexão bem-sucedida', 'openai-compatible');
      } catch (error) {
        request.log.warn({ err: error }, 'AI connection test failed');
        const reason = error instanceof Error ? error.message : 'falha desconhecida';
        return result(false, `Falha na conexão: ${reason}`, 'openai-compatible');
      }
    },
  );
};
