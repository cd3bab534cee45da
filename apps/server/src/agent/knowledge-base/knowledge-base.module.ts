import { EventEmitter } from 'node:events';
import { knowledgeBaseResponseSchema, knowledgeBaseUpdateSchema } from '@atende/contracts';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import type { KnowledgeBaseEvents } from '../../types.js';
import { readKnowledgeBase, writeKnowledgeBase } from './knowledge-base.repository.js';

/**
 * GET /api/knowledge-base (any signed-in user) and POST (admin, or operator when access control
 * allows). Decorates `knowledgeBase.onChange` so the agent re-indexes as soon as it is saved.
 */
export const knowledgeBaseModule = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const emitter = new EventEmitter();
    const events: KnowledgeBaseEvents = {
      onChange: (listener) => {
        emitter.on('change', listener);
        return () => emitter.off('change', listener);
      },
      emitChange: (content) => {
        for (const listener of emitter.listeners('change')) {
          try {
            (listener as (c: string) => void)(content);
          } catch (err) {
            app.log.error({ err }, 'knowledge base listener failed');
          }
        }
      },
    };
    app.decorate('knowledgeBase', events);

    app.get(
      '/api/knowledge-base',
      { onRequest: app.authenticate, schema: { response: { 200: knowledgeBaseResponseSchema } } },
      async () => ({ success: true as const, data: await readKnowledgeBase(app.db) }),
    );

    app.post(
      '/api/knowledge-base',
      {
        onRequest: app.allow('knowledge-base:edit'),
        // 500,000 characters of UTF-8 text with JSON escapes can exceed the 1 MiB default.
        bodyLimit: 4 * 1024 * 1024,
        schema: { body: knowledgeBaseUpdateSchema, response: { 200: knowledgeBaseResponseSchema } },
      },
      async (request) => {
        const saved = await writeKnowledgeBase(app.db, request.body.content, request.user?.id ?? null);
        await recordAudit(app.db, {
          action: 'knowledge_base.update',
          actor: request.user,
          targetType: 'knowledge_base',
          detail: { chars: saved.content.length },
          ip: request.ip,
        });
        events.emitChange(saved.content);
        request.log.info({ user: request.user?.id, chars: saved.content.length }, 'knowledge base saved');
        return { success: true as const, message: 'Base de conhecimento salva com sucesso', data: saved };
      },
    );
  },
  { name: 'atende-knowledge-base', dependencies: ['atende-auth'] },
);
