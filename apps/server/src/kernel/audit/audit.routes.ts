import { auditActionLabel, auditQuerySchema, auditResponseSchema, auditTargetLabel } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvDisposition, csvStream } from '../../lib/csv.js';
import { settingsTimeZone } from '../time/time-zone.js';
import { iterateAudit, listAudit, recordAudit } from './audit.repository.js';

const exportQuerySchema = auditQuerySchema.omit({ limit: true, cursor: true });

/** The audit log (admins): `GET /api/audit` (paged, filtered) and `GET /api/audit/export` (CSV). */
export const auditRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/audit',
    {
      onRequest: app.allow('audit:read'),
      schema: { querystring: auditQuerySchema, response: { 200: auditResponseSchema } },
    },
    async (request) => ({ success: true as const, data: await listAudit(app.db, request.query) }),
  );

  app.get(
    '/api/audit/export',
    { onRequest: app.allow('audit:read'), schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      await recordAudit(app.db, {
        action: 'data.export',
        actor: request.user,
        targetType: 'audit_log',
        detail: { filters: request.query },
        ip: request.ip,
      });
      async function* rows() {
        for await (const entry of iterateAudit(app.db, request.query)) {
          yield [
            new Date(entry.at),
            entry.actorName ?? 'Sistema',
            auditActionLabel(entry.action),
            entry.targetType && auditTargetLabel(entry.targetType, entry.targetId),
            entry.targetId,
            JSON.stringify(entry.detail),
            entry.ip,
          ];
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvDisposition('auditoria.csv'))
        .send(
          csvStream(
            ['Data', 'Quem', 'Ação', 'Tipo', 'Alvo', 'Detalhes', 'IP'],
            rows(),
            await settingsTimeZone(app.db),
          ),
        );
    },
  );
};
