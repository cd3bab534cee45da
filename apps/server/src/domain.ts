import type { Messaging } from './conversations/messaging/messaging.js';
import type { Visibility } from './conversations/visibility/visibility.service.js';
import type { InboxManager } from './inboxes/inbox-manager.js';
import type { PrimaryChannel } from './inboxes/primary-channel.js';
import type { JobRunner } from './jobs/job-runner.js';

/**
 * The messaging domain, decorated as `app.domain` for the modules that build on it (the agent
 * registers its `agent_reply` job on `jobs` and answers through `messaging`).
 */
export interface Domain {
  /** Every inbox's channel, started, restarted and stopped as admins change them. */
  inboxes: InboxManager;
  /** The first inbox's channel: the one "WhatsApp" of `/api/whatsapp/status` and the dashboard card. */
  channel: PrimaryChannel;
  jobs: JobRunner;
  messaging: Messaging;
  visibility: Visibility;
}

declare module 'fastify' {
  interface FastifyInstance {
    domain: Domain;
  }
}
