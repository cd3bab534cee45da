import type { ChannelStatus, StatusTransition } from '@atende/contracts';
import type { ChannelSink } from '../../channels/channel.js';
import type { Messaging } from '../../conversations/messaging/messaging.js';
import type { Realtime } from '../../types.js';

/**
 * One inbox's channel events in our terms: messages (tagged with the inbox), reactions and receipts
 * go to messaging; every status change is `inbox:status`, and the primary inbox's also the spec's
 * `whatsapp:*` events.
 */
export function createChannelSink(deps: {
  inboxId: string;
  realtime: Realtime;
  messaging: Messaging;
  isPrimary: () => boolean;
  onStatus?: (transition: StatusTransition, status: ChannelStatus) => void;
}): ChannelSink {
  const { inboxId, realtime, messaging } = deps;
  return {
    onStatus(transition, status) {
      realtime.toDashboard('inbox:status', { inboxId, status });
      deps.onStatus?.(transition, status);
      if (!deps.isPrimary()) return;
      if (transition.kind === 'qr') realtime.toDashboard('whatsapp:qr', { qr: transition.qr });
      if (transition.kind === 'ready') realtime.toDashboard('whatsapp:ready', { phone: transition.phone });
      if (transition.kind === 'disconnected') {
        realtime.toDashboard('whatsapp:disconnected', { reason: transition.reason });
      }
      realtime.toDashboard('whatsapp:status', status);
    },
    onInboundMessage(message) {
      return messaging.appendInbound({ ...message, inboxId });
    },
    async onIdentities(pairs) {
      await messaging.linkClientIdentities(pairs);
    },
    async onInboundReaction(reaction) {
      await messaging.receiveReaction(reaction);
    },
    async onMessageEdited(edit) {
      await messaging.receiveEdit(edit);
    },
    async onMessageDeleted(deletion) {
      await messaging.receiveDeletion(deletion);
    },
    async onDeliveryStatus(update) {
      if (update.status === 'failed' && update.error) {
        await messaging.failWithReason({ providerMessageId: update.providerMessageId }, update.error);
        return;
      }
      await messaging.advanceStatus({ providerMessageId: update.providerMessageId }, update.status);
    },
  };
}
