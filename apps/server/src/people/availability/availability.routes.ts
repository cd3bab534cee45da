import { availabilityResponseSchema, setAvailabilityRequestSchema } from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';

/** POST /api/profile/availability: the signed-in person's (or, for admins, a colleague's). */
export const availabilityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/profile/availability',
    {
      onRequest: app.authenticate,
      schema: { body: setAvailabilityRequestSchema, response: { 200: availabilityResponseSchema } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new AppError('UNAUTHORIZED');
      const target = request.body.userId ?? user.id;
      if (target !== user.id) await app.assertCan(user, 'team:manage');
      const availability = await app.availability.set(user, target, request.body.availability);
      return { success: true as const, data: { availability } };
    },
  );
};
