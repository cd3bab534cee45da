import {
  ackEnvelopeSchema,
  automationRuleInputSchema,
  automationRuleResponseSchema,
  automationRulesResponseSchema,
  automationRunsResponseSchema,
  conversationParamsSchema,
  reorderRulesRequestSchema,
  testRuleRequestSchema,
  testRuleResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardConversation } from '../conversations/visibility/route-access.js';
import { recordAudit } from '../kernel/audit/audit.repository.js';
import { rulesRepository } from './rules.repository.js';
import type { RulesCache } from './rules-cache.js';
import { testRule } from './test-rule.js';

const ruleParams = z.object({ id: z.string().min(1).max(64) });

/** The rules (admins) and each conversation's run log (whoever may see the conversation). */
export function automationsRoutes(cache: RulesCache): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const rules = rulesRepository(app.db);
    const manage = { onRequest: app.allow('automations:manage') };
    const changed = async (
      action: 'automation.create' | 'automation.update' | 'automation.delete',
      name: string,
      id: string,
      actor: { id: string; name: string },
    ) => {
      await cache.refresh();
      await recordAudit(app.db, { action, actor, targetType: 'automation', targetId: id, detail: { name } });
    };

    app.get(
      '/api/automations',
      { ...manage, schema: { response: { 200: automationRulesResponseSchema } } },
      async () => ({
        success: true as const,
        data: await rules.list(),
      }),
    );

    app.post(
      '/api/automations',
      {
        ...manage,
        schema: { body: automationRuleInputSchema, response: { 200: automationRuleResponseSchema } },
      },
      async (request) => {
        const rule = await rules.create(request.body);
        await changed('automation.create', rule.name, rule.id, request.user!);
        return { success: true as const, data: rule, message: 'Regra criada' };
      },
    );

    app.put(
      '/api/automations/:id',
      {
        ...manage,
        schema: {
          params: ruleParams,
          body: automationRuleInputSchema,
          response: { 200: automationRuleResponseSchema },
        },
      },
      async (request) => {
        const rule = await rules.update(request.params.id, request.body);
        await changed('automation.update', rule.name, rule.id, request.user!);
        return { success: true as const, data: rule, message: 'Regra salva' };
      },
    );

    app.delete(
      '/api/automations/:id',
      { ...manage, schema: { params: ruleParams, response: { 200: ackEnvelopeSchema } } },
      async (request) => {
        const rule = await rules.remove(request.params.id);
        await changed('automation.delete', rule.name, rule.id, request.user!);
        return { success: true as const, message: 'Regra excluída' };
      },
    );

    app.post(
      '/api/automations/reorder',
      { ...manage, schema: { body: reorderRulesRequestSchema, response: { 200: ackEnvelopeSchema } } },
      async (request) => {
        await rules.reorder(request.body.ids);
        await cache.refresh();
        return { success: true as const, message: 'Ordem salva' };
      },
    );

    app.post(
      '/api/automations/test',
      {
        ...manage,
        ...guardConversation('body.conversationId'),
        schema: { body: testRuleRequestSchema, response: { 200: testRuleResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        data: await testRule(app, cache, request.body.rule, request.body.conversationId),
      }),
    );

    app.get(
      '/api/conversations/:id/automation-runs',
      {
        onRequest: app.authenticate,
        ...guardConversation('params.id'),
        schema: { params: conversationParamsSchema, response: { 200: automationRunsResponseSchema } },
      },
      async (request) => ({ success: true as const, data: await rules.runsOf(request.params.id) }),
    );
  };
}
