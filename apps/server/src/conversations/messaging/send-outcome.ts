import type { SendFailure } from '../../channels/channel.js';
import type { TransactionBatcher } from '../../db/group-commit.js';
import type { Realtime } from '../../types.js';
import type { MessageRef } from './delivery-status.js';

/**
 * What a channel learnt from sending one of our messages: the provider's own id, or why it failed.
 * Written through the shared group commit, like the sends' other statuses.
 */
export function sendOutcomes(deps: { realtime: Realtime; writes: TransactionBatcher }) {
  const { realtime, writes } = deps;
  return {
    /**
     * The provider assigned its own id to our message (Cloud API: the `wamid`); its receipts and the
     * customer's replies and reactions refer to that id from now on.
     */
    async assignProviderId(messageId: string, providerMessageId: string): Promise<void> {
      await writes.run((trx) =>
        trx
          .updateTable('messages')
          .set({ provider_message_id: providerMessageId })
          .where('id', '=', messageId)
          .execute(),
      );
    },

    /**
     * The message failed for good, with the provider's code and the pt-BR explanation shown on the
     * bubble. Only from pending or sent (a delivered message stays delivered); failed is final.
     */
    async failWithReason(ref: MessageRef, failure: SendFailure): Promise<void> {
      const rows = await writes.run((trx) => {
        const query = trx
          .updateTable('messages')
          .set({ status: 'failed', status_error_code: failure.code, status_error: failure.explanation })
          .where('status', 'in', ['pending', 'sent']);
        return (
          'id' in ref
            ? query.where('id', '=', ref.id)
            : query.where('provider_message_id', '=', ref.providerMessageId)
        )
          .returning(['id', 'conversation_id'])
          .execute();
      });
      for (const row of rows) {
        realtime.toConversation(row.conversation_id, 'message:status', {
          conversationId: row.conversation_id,
          messageId: row.id,
          status: 'failed',
          error: failure,
        });
      }
    },
  };
}
