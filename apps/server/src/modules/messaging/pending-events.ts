import type { ServerToClientEvents } from '@atende/contracts';
import type { Realtime } from '../../types.js';
import { type ConversationRow, toConversation } from './conversation-row.js';
import { type MessageRow, toMessage } from './message-row.js';

type Args<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/**
 * Realtime events gathered while a transaction runs and emitted only after it committed, so nobody
 * hears about data that was rolled back.
 */
export class PendingEvents {
  private readonly emits: Array<(realtime: Realtime) => void> = [];

  dashboard<E extends keyof ServerToClientEvents>(event: E, ...args: Args<E>): this {
    this.emits.push((realtime) => realtime.toDashboard(event, ...args));
    return this;
  }

  /** To the dashboard room and to the conversation's room (a socket in both hears it once). */
  both<E extends keyof ServerToClientEvents>(conversationId: string, event: E, ...args: Args<E>): this {
    this.emits.push((realtime) => realtime.toDashboardAndConversation(conversationId, event, ...args));
    return this;
  }

  /**
   * A message was stored (either side): `conversations:newMessage` (the full message) and `newMessage`
   * to both rooms, and the conversation's new list row as `conversation:updated`.
   */
  newMessage(conversation: ConversationRow, row: MessageRow): this {
    const message = toMessage(row);
    return this.both(conversation.id, 'conversations:newMessage', message)
      .both(conversation.id, 'newMessage', {
        conversationId: conversation.id,
        clientId: conversation.client_id,
        messageId: row.id,
        sender: row.sender,
        message: row.content,
        timestamp: message.timestamp,
        replyTo: message.replyTo,
      })
      .dashboard('conversation:updated', toConversation(conversation));
  }

  flush(realtime: Realtime): void {
    for (const emit of this.emits.splice(0)) emit(realtime);
  }
}
