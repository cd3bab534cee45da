import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Action } from '../kernel/permissions/actions.js';
import { createSafeFetch } from '../lib/safe-fetch.js';
import type { AuthUser, ClientEventName } from '../types.js';
import { assignRoutes } from './assignment/assign.routes.js';
import { autoAssignment } from './assignment/auto-assign.js';
import { teamRoutes } from './assignment/team.routes.js';
import { startTeamClock } from './assignment/team-clock.js';
import { cannedRepliesRoutes } from './canned-replies/canned-replies.routes.js';
import { conversationLabelsRoutes } from './labels/conversation-labels.routes.js';
import { labelsRoutes } from './labels/labels.routes.js';
import { mediaModule } from './media/media.module.js';
import { handBack, takeOver } from './messaging/change-handler.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import type { AdminNotices } from './notifications/notifications.service.js';
import { conversationsRoutes } from './routes/conversations.routes.js';
import { lifecycleRoutes } from './routes/lifecycle.routes.js';
import { assertMayTakeOver } from './routes/takeover-permission.js';
import { searchRoutes } from './search/search.routes.js';
import { dashboardLimits } from './visibility/dashboard-limits.js';
import { createDashboardRouter } from './visibility/dashboard-router.js';
import { registerVoiceJobs } from './voice/voice-jobs.js';
import { voiceNoteRoutes } from './voice/voice-note.routes.js';

export { visibilityPlugin as conversationGuard } from './visibility/route-access.js';

export interface ConversationsOptions {
  /** Notices only admins get, from other contexts (webhooks turned off). */
  adminNotices: AdminNotices;
}

/**
 * What each socket client event needs beyond seeing its conversation (kernel/permissions'
 * vocabulary): the same actions as the REST routes that do the same thing.
 */
export const CLIENT_EVENT_ACTIONS = {
  'send:message': 'conversation:reply',
  'takeover:start': 'conversation:takeover',
  'takeover:end': 'signed-in',
} as const satisfies Record<ClientEventName, Action | 'signed-in'>;

/** Socket client events answered by the same services as the REST calls, with the same visibility. */
function registerClientEvents(app: FastifyInstance): void {
  const { domain } = app;
  const { visibility } = domain;
  /** The visibility guard (404), then the event's action on that conversation (403). */
  const admit = async (user: AuthUser, event: ClientEventName, conversationId: string) => {
    await visibility.assertCanSee(user, conversationId);
    const action = CLIENT_EVENT_ACTIONS[event];
    if (action !== 'signed-in') await assertMayTakeOver(app, user, conversationId, action);
  };
  app.realtime.onClientEvent('send:message', async (user, payload) => {
    await admit(user, 'send:message', payload.conversationId);
    return {
      success: true,
      data: await domain.messaging.appendOutbound(payload.conversationId, user, {
        message: payload.message,
        type: 'text',
        replyTo: payload.replyTo ?? null,
      }),
    };
  });
  app.realtime.onClientEvent('takeover:start', async (user, payload) => {
    await admit(user, 'takeover:start', payload.conversationId);
    return {
      success: true,
      data: await domain.messaging.changeHandler(payload.conversationId, takeOver(user)),
    };
  });
  app.realtime.onClientEvent('takeover:end', async (user, payload) => {
    await admit(user, 'takeover:end', payload.conversationId);
    return {
      success: true,
      data: await domain.messaging.changeHandler(payload.conversationId, handBack(user)),
    };
  });
  app.realtime.setConversationGuard((user, conversationId) => visibility.canSee(user, conversationId));
  app.realtime.setDashboardRouter(
    createDashboardRouter(
      visibility,
      dashboardLimits(app.db, () => domain.inboxes.anyLimited()),
      (conversationId) => domain.messaging.routingOf(conversationId),
    ),
  );
}

/**
 * Conversations: the messaging domain (the only writer of clients, conversations, messages), who
 * sees which conversation (the guard, registered by the composition before any route), labels,
 * canned replies, assignment, notifications and media. Here: their routes and socket events.
 */
export const conversationsContext = fp<ConversationsOptions>(
  async (app, options) => {
    await app.register(mediaModule);
    await app.register(labelsRoutes);
    await app.register(cannedRepliesRoutes);
    await app.register(assignRoutes);
    await app.register(conversationLabelsRoutes);
    await app.register(notificationsRoutes, { adminNotices: options.adminNotices });
    await app.register(conversationsRoutes);
    await app.register(lifecycleRoutes);
    await app.register(searchRoutes);
    await app.register(teamRoutes);
    const assignment = autoAssignment(app);
    app.decorate('assignment', assignment);
    startTeamClock(app, assignment);
    registerClientEvents(app);
    await app.register(voiceNoteRoutes);
    registerVoiceJobs({
      db: app.db,
      jobs: app.domain.jobs,
      messaging: app.domain.messaging,
      media: app.media,
      // The provider may be a Whisper server on the LAN only with AI_ALLOW_PRIVATE, as the AI endpoint.
      fetch: createSafeFetch({ allowPrivate: app.config.ai.allowPrivate }),
    });
  },
  {
    name: 'atende-conversations',
    dependencies: ['atende-domain', 'atende-visibility', 'atende-realtime', 'atende-people'],
  },
);
