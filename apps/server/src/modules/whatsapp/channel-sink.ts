import type { Kysely } from 'kysely';
import type { ChannelSink } from '../../channels/channel.js';
import type { Database } from '../../db/schema.js';
import type { Realtime } from '../../types.js';
import type { ReactService } from '../conversations/react.service.js';
import { normalizePhone } from '../ingest/ingest-one.js';
import type { IngestQueue } from '../ingest/ingest-queue.js';
import type { StatusBatcher } from '../messages/status-batcher.js';

/** Turns channel events into ours: status → `whatsapp:*` events; messages → ingest; receipts → status. */
export function createChannelSink(deps: {
  db: Kysely<Database>;
  realtime: Realtime;
  ingest: IngestQueue;
  reactions: ReactService;
  statuses: StatusBatcher;
}): ChannelSink {
  return {
    onStatus(transition, status) {
      const { realtime } = deps;
      if (transition.kind === 'qr') realtime.toDashboard('whatsapp:qr', { qr: transition.qr });
      if (transition.kind === 'ready') realtime.toDashboard('whatsapp:ready', { phone: transition.phone });
      if (transition.kind === 'disconnected') {
        realtime.toDashboard('whatsapp:disconnected', { reason: transition.reason });
      }
      realtime.toDashboard('whatsapp:status', status);
    },
    onInboundMessage(message) {
      return deps.ingest.submit(message);
    },
    async onInboundReaction(reaction) {
      await deps.reactions.receiveClientReaction({ ...reaction, phone: normalizePhone(reaction.phone) });
    },
    async onDeliveryStatus(update) {
      await deps.statuses.advance(update.providerMessageId, update.status);
    },
  };
}
