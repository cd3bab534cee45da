import type { DomainEvent, ServerToClientEvents } from '@atende/contracts';
import type { DomainEvents, Realtime } from '../../types.js';
import { type ConversationRow, toConversation } from './conversation-row.js';
import { type MessageRow, toMessage } from './message-row.js';
import type { Trigger } from './triggers.js';

type Args<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/** Where gathered events go after the commit. */
export interface EventOutlets {
  realtime: Realtime;
  domainEvents: DomainEvents;
}

/**
 * Realtime and domain events gathered while a transaction runs and emitted only after it committed,
 * so nobody hears about data that was rolled back.
 */
export class PendingEvents {
  private readonly emits: Array<(realtime: Realtime) => void> = [];
  private readonly domainEvents: DomainEvent[] = [];
  private readonly triggers: Trigger[] = [];

  /** Something automations may react to: handed to them inside the same transaction (`takeTriggers`). */
  trigger(trigger: Trigger): this {
    this.triggers.push(trigger);
    return this;
  }

  takeTriggers(): Trigger[] {
    return this.triggers.splice(0);
  }

  /** A domain event (webhooks and other subscribers), published after the commit. */
  domain(event: DomainEvent): this {
    this.domainEvents.push(event);
    return this;
  }

  dashboard<E extends keyof ServerToClientEvents>(event: E, ...args: Args<E>): this {
    this.emits.push((realtime) => realtime.toDashboard(event, ...args));
    return this;
  }

  /** To the conversation's room only: the sockets with that chat open. */
  conversation<E extends keyof ServerToClientEvents>(
    conversationId: string,
    event: E,
    ...args: Args<E>
  ): this {
    this.emits.push((realtime) => realtime.toConversation(conversationId, event, ...args));
    return this;
  }

  /** To every socket of one person (their notifications and counts). */
  user<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Args<E>): this {
    this.emits.push((realtime) => realtime.toUser(userId, event, ...args));
    return this;
  }

  /** To the dashboard room and to the conversation's room (a socket in both hears it once). */
  both<E extends keyof ServerToClientEvents>(conversationId: string, event: E, ...args: Args<E>): this {
    this.emits.push((realtime) => realtime.toDashboardAndConversation(conversationId, event, ...args));
    return this;
  }

  /**
   * A message was stored (either side): `conversations:newMessage` (the full message) to both rooms,
   * `newMessage` (its summary) to the open chat's room, the conversation's new list row as
   * `conversation:updated`, and `message.received` or `message.sent` — unless it is old history just
   * synced from the phone, new to nobody. The list needs only the full message and the row: the summary
   * to every dashboard was a third of their frames for nothing new.
   */
  newMessage(conversation: ConversationRow, row: MessageRow, options: { historical?: boolean } = {}): this {
    const message = toMessage(row);
    if (!options.historical) {
      this.domain({
        type: row.sender === 'client' ? 'message.received' : 'message.sent',
        data: {
          conversationId: conversation.id,
          client: {
            id: conversation.client_id,
            name: conversation.client_name,
            phone: conversation.client_phone,
          },
          message: {
            id: row.id,
            conversationId: conversation.id,
            sender: row.sender,
            content: row.content,
            type: row.type,
            timestamp: message.timestamp,
            aiGenerated: message.aiGenerated,
            mediaUrl: row.media_url,
            mediaMimeType: row.media_mime_type,
            replyToId: row.reply_to_id,
            authorName: row.author_name,
          },
        },
      });
    }
    return this.both(conversation.id, 'conversations:newMessage', message)
      .conversation(conversation.id, 'newMessage', {
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

  flush({ realtime, domainEvents }: EventOutlets): void {
    for (const emit of this.emits.splice(0)) emit(realtime);
    domainEvents.publish(...this.domainEvents.splice(0));
  }
}
