import type { ChannelSink } from '../../channels/channel.js';
import type { Realtime } from '../../types.js';
import type { Messaging } from '../messaging/messaging.js';

/** Turns channel events into ours: status → `whatsapp:*` events; messages, reactions, receipts → messaging. */
export function createChannelSink(deps: { realtime: Realtime; messaging: Messaging }): ChannelSink {
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
      return deps.messaging.appendInbound(message);
    },
    async onIdentities(pairs) {
      await deps.messaging.linkClientIdentities(pairs);
    },
    async onInboundReaction(reaction) {
      await deps.messaging.receiveReaction(reaction);
    },
    async onDeliveryStatus(update) {
      if (update.status === 'failed' && update.error) {
        await deps.messaging.failWithReason({ providerMessageId: update.providerMessageId }, update.error);
        return;
      }
      await deps.messaging.advanceStatus({ providerMessageId: update.providerMessageId }, update.status);
    },
  };
}
