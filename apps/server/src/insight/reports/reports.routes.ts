import {
  ackEnvelopeSchema,
  customReportQuerySchema,
  customReportResponseSchema,
  savedReportInputSchema,
  savedReportParamsSchema,
  savedReportResponseSchema,
  savedReportsResponseSchema,
  serviceQuerySchema,
  serviceReportResponseSchema,
} from '@atende/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopedReadModel, scopeOf } from '../../conversations/visibility/route-access.js';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { csvDisposition, csvStream } from '../../lib/csv.js';
import { customReportCsv } from './report-csv.js';
import { customReport, serviceReport } from './reports.service.js';
import { savedReportsRepository } from './saved-reports.repository.js';

type ScopedReport<Q, T> = (
  db: FastifyInstance['readDb'],
  query: Q,
  scope: ConversationScope,
  zone: string,
  now: number,
) => Promise<T>;

function actorOf(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return { id: request.user.id, name: request.user.name };
}

/**
 * The service figures and the reports people shape (signed in; each counts only what the viewer may
 * count), and the team's saved reports (everyone runs them, admins change them).
 */
export const reportsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const saved = savedReportsRepository(app.db);
  const signedIn = { onRequest: app.authenticate };
  const admin = { onRequest: app.allow('reports:manage') };

  // The service figures and a shaped report run alike: the query, over what the viewer may count, in
  // the team's time zone.
  const scopedReport =
    <Q, T>(report: ScopedReport<Q, T>) =>
    async (request: FastifyRequest & { query: Q }) => ({
      success: true as const,
      data: await report(app.readDb, request.query, scopeOf(request), await settingsTimeZone(app.db), now()),
    });

  app.get(
    '/api/analytics/service',
    {
      ...signedIn,
      ...scopedReadModel,
      schema: { querystring: serviceQuerySchema, response: { 200: serviceReportResponseSchema } },
    },
    scopedReport(serviceReport),
  );

  app.get(
    '/api/analytics/custom',
    {
      ...signedIn,
      ...scopedReadModel,
      schema: { querystring: customReportQuerySchema, response: { 200: customReportResponseSchema } },
    },
    scopedReport(customReport),
  );

  app.get(
    '/api/analytics/custom/export',
    { ...signedIn, ...scopedReadModel, schema: { querystring: customReportQuerySchema } },
    async (request, reply) => {
      const zone = await settingsTimeZone(app.db);
      const report = await customReport(app.readDb, request.query, scopeOf(request), zone, now());
      const { header, rows } = customReportCsv(report);
      const { metric, groupBy, from, to } = request.query;
      await recordAudit(app.db, {
        action: 'data.export',
        actor: request.user,
        targetType: 'analytics',
        targetId: `relatorio:${metric}`,
        detail: { from, to, groupBy },
        ip: request.ip,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvDisposition(`relatorio-${metric}-${groupBy}-${from}-a-${to}.csv`))
        .send(csvStream(header, rows, zone));
    },
  );

  app.get(
    '/api/analytics/saved-reports',
    { ...signedIn, schema: { response: { 200: savedReportsResponseSchema } } },
    async () => ({ success: true as const, data: await saved.list() }),
  );

  app.post(
    '/api/analytics/saved-reports',
    { ...admin, schema: { body: savedReportInputSchema, response: { 200: savedReportResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await saved.create(request.body, actorOf(request)),
      message: 'Relatório salvo',
    }),
  );

  app.put(
    '/api/analytics/saved-reports/:id',
    {
      ...admin,
      schema: {
        params: savedReportParamsSchema,
        body: savedReportInputSchema,
        response: { 200: savedReportResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saved.update(request.params.id, request.body, actorOf(request)),
      message: 'Relatório salvo',
    }),
  );

  app.delete(
    '/api/analytics/saved-reports/:id',
    { ...admin, schema: { params: savedReportParamsSchema, response: { 200: ackEnvelopeSchema } } },
    async (request) => {
      await saved.remove(request.params.id, actorOf(request));
      return { success: true as const, message: 'Relatório excluído' };
    },
  );
};
