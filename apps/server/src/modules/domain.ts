import type { Channel } from '../channels/channel.js';
import type { JobRunner } from '../jobs/job-runner.js';
import type { Messaging } from './messaging/messaging.js';

/**
 * The messaging domain, decorated as `app.domain` for the modules that build on it (the agent
 * registers its `agent_reply` job on `jobs` and answers through `messaging`).
 */
export interface Domain {
  channel: Channel;
  jobs: JobRunner;
  messaging: Messaging;
}

declare module 'fastify' {
  interface FastifyInstance {
    domain: Domain;
  }
}
