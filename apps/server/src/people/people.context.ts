import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth/auth.routes.js';
import { profileRoutes } from './profile/profile.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** People: sign-in and sessions, the team's accounts (admins), and each person's own profile. */
export const peopleContext: FastifyPluginAsync = fp(
  async (app) => {
    await app.register(authRoutes);
    await app.register(usersRoutes);
    await app.register(profileRoutes);
  },
  { name: 'atende-people', dependencies: ['atende-auth'] },
);
