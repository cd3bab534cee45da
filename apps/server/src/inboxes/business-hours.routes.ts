import { businessHoursResponseSchema, businessHoursSchema, inboxParamsSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../kernel/audit/audit.repository.js';
import { AppError } from '../lib/app-error.js';
import { inboxesRepository } from './inboxes.repository.js';

const NOT_FOUND = 'Caixa de entrada não encontrada';

/** An inbox's business hours (admins): schedule, holidays, time zone, greeting and out-of-office. */
export const businessHoursRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = inboxesRepository(app.db);
  const manage = { onRequest: app.allow('automations:manage') };

  const found = async (id: string) => {
    const row = await repo.find(id);
    if (!row || row.removed_at !== null) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  };

  app.get(
    '/api/inboxes/:id/business-hours',
    { ...manage, schema: { params: inboxParamsSchema, response: { 200: businessHoursResponseSchema } } },
    async (request) => {
      const row = await found(request.params.id);
      const stored = row.business_hours ? (JSON.parse(row.business_hours) as unknown) : {};
      const parsed = businessHoursSchema.safeParse(stored);
      return { success: true as const, data: parsed.success ? parsed.data : businessHoursSchema.parse({}) };
    },
  );

  app.put(
    '/api/inboxes/:id/business-hours',
    {
      ...manage,
      schema: {
        params: inboxParamsSchema,
        body: businessHoursSchema,
        response: { 200: businessHoursResponseSchema },
      },
    },
    async (request) => {
      const row = await found(request.params.id);
      await repo.update(row.id, { business_hours: JSON.stringify(request.body) });
      await recordAudit(app.db, {
        action: 'inbox.business_hours',
        actor: request.user,
        targetType: 'inbox',
        targetId: row.id,
        detail: { name: row.name, enabled: request.body.enabled },
      });
      return { success: true as const, data: request.body, message: 'Horário de atendimento salvo' };
    },
  );
};
