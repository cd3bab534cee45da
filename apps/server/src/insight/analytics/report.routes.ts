import {
  analyticsExportTableSchema,
  analyticsReportQuerySchema,
  analyticsReportResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedReadModel, scopeOf } from '../../conversations/visibility/route-access.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { settingsTimeZone } from '../../kernel/time/time-zone.js';
import { csvDisposition, csvStream } from '../../lib/csv.js';
import { computeReport } from './report.service.js';
import { exportTable } from './report-export.js';

/** `GET /api/analytics/report` and its CSV exports `GET /api/analytics/export/:table` (signed in). */
export const reportRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/analytics/report',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: { querystring: analyticsReportQuerySchema, response: { 200: analyticsReportResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await computeReport(app.readDb, request.query, scopeOf(request), await settingsTimeZone(app.db)),
    }),
  );

  app.get(
    '/api/analytics/export/:table',
    {
      onRequest: app.authenticate,
      ...scopedReadModel,
      schema: {
        params: z.object({ table: analyticsExportTableSchema }),
        querystring: analyticsReportQuerySchema,
      },
    },
    async (request, reply) => {
      const { table } = request.params;
      const zone = await settingsTimeZone(app.db);
      const { header, rows } = await exportTable(app.readDb, table, request.query, scopeOf(request), zone);
      await recordAudit(app.db, {
        action: 'data.export',
        actor: request.user,
        targetType: 'analytics',
        targetId: table,
        detail: {
          from: request.query.from,
          to: request.query.to,
          inboxId: request.query.inboxId,
          userId: request.query.userId,
          labelId: request.query.labelId,
        },
        ip: request.ip,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          csvDisposition(`analytics-${table}-${request.query.from}-a-${request.query.to}.csv`),
        )
        .send(csvStream(header, rows, zone));
    },
  );
};
