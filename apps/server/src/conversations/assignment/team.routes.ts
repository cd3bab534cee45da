import { teamMembersResponseSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openConversationsOfUser } from './open-conversations.js';

/**
 * GET /api/team/members: the team as colleagues see them (no e-mails) — for `@` mentions, the assign
 * menu and availability dots — with how many open conversations each holds.
 */
export const teamRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/team/members',
    { onRequest: app.authenticate, schema: { response: { 200: teamMembersResponseSchema } } },
    async () => {
      const rows = await app.db
        .selectFrom('users as u')
        .select(['u.id', 'u.name', 'u.avatar', 'u.role', openConversationsOfUser.as('open')])
        .where('u.disabled', '=', 0)
        .orderBy('u.name')
        .execute();
      const availability = await Promise.all(rows.map((row) => app.availability.effective(row.id)));
      return {
        success: true as const,
        data: rows.map((row, i) => ({
          id: row.id,
          name: row.name,
          avatar: row.avatar,
          role: row.role,
          availability: availability[i] ?? 'offline',
          openConversations: Number(row.open),
        })),
      };
    },
  );
};
