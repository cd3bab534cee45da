import type { Channel } from '../channels/channel.js';
import type { JobRunner } from '../jobs/job-runner.js';
import type { HandlerService } from './conversations/handler.service.js';
import type { ReactService } from './conversations/react.service.js';
import type { SendMessageService } from './conversations/send-message.service.js';
import type { IngestQueue } from './ingest/ingest-queue.js';

/**
 * The messaging domain's services, decorated as `app.domain` for the modules that build on it
 * (the agent registers its `agent_reply` job on `jobs` and answers through `messages`).
 */
export interface Domain {
  channel: Channel;
  jobs: JobRunner;
  ingest: IngestQueue;
  handler: HandlerService;
  messages: SendMessageService;
  reactions: ReactService;
}

declare module 'fastify' {
  interface FastifyInstance {
    domain: Domain;
  }
}
