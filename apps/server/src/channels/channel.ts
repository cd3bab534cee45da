export type {
  Channel,
  ChannelSink,
  ChannelStatus,
  DeliveryUpdate,
  InboundMessage,
  InboundReaction,
  InboundResult,
  SendFailure,
  SendMediaInput,
  SendRatingInput,
  SendReactionInput,
  SendResult,
  SendTemplateInput,
  SendTextInput,
  StatusTransition,
} from '@atende/contracts';

import type { SendFailure } from '@atende/contracts';
import { randomHex } from '../lib/ids.js';

/** The provider refused a message for good (e.g. the 24-hour window closed): retrying cannot help. */
export class SendRejectedError extends Error {
  constructor(readonly failure: SendFailure) {
    super(failure.explanation);
    this.name = 'SendRejectedError';
  }
}

/** A send was attempted while the channel is not connected; the job retries later. */
export class ChannelUnavailableError extends Error {
  constructor(message = 'WhatsApp desconectado') {
    super(message);
    this.name = 'ChannelUnavailableError';
  }
}

/** A fresh provider-style message id for an outbound message (WhatsApp ids are 20+ hex chars). */
export function newProviderMessageId(prefix = 'ATD'): string {
  return prefix + randomHex(10);
}
