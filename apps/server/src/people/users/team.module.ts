import type { FastifyPluginAsync } from 'fastify';
import { assignRoutes } from '../../conversations/assignment/assign.routes.js';
import { cannedRepliesRoutes } from '../../conversations/canned-replies/canned-replies.routes.js';
import { conversationLabelsRoutes } from '../../conversations/labels/conversation-labels.routes.js';
import { labelsRoutes } from '../../conversations/labels/labels.routes.js';
import { notificationsRoutes } from '../../conversations/notifications/notifications.routes.js';
import { profileRoutes } from '../profile/profile.routes.js';
import { usersRoutes } from './users.routes.js';

/** The team: users (admin), the signed-in user's profile, labels and canned replies. */
export const teamModule: FastifyPluginAsync = async (app) => {
  await app.register(usersRoutes);
  await app.register(profileRoutes);
  await app.register(labelsRoutes);
  await app.register(cannedRepliesRoutes);
  await app.register(assignRoutes);
  await app.register(conversationLabelsRoutes);
  await app.register(notificationsRoutes);
};
