import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth/auth.routes.js';
import { availabilityService } from './availability/availability.js';
import { availabilityRoutes } from './availability/availability.routes.js';
import { profileRoutes } from './profile/profile.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** People: sign-in and sessions, the team's accounts (admins), each person's profile and availability. */
export const peopleContext: FastifyPluginAsync = fp(
  async (app) => {
    app.decorate('availability', availabilityService(app));
    await app.register(authRoutes);
    await app.register(usersRoutes);
    await app.register(profileRoutes);
    await app.register(availabilityRoutes);
  },
  { name: 'atende-people', dependencies: ['atende-auth', 'atende-realtime'] },
);
