import type { ServerToClientEvents } from '@atende/contracts';
import type { Realtime } from '../../types.js';

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

  conversation<E extends keyof ServerToClientEvents>(
    conversationId: string,
    event: E,
    ...args: Args<E>
  ): this {
    this.emits.push((realtime) => realtime.toConversation(conversationId, event, ...args));
    return this;
  }

  /** To the dashboard room and to the conversation's room. */
  both<E extends keyof ServerToClientEvents>(conversationId: string, event: E, ...args: Args<E>): this {
    this.emits.push((realtime) => realtime.toDashboardAndConversation(conversationId, event, ...args));
    return this;
  }

  append(other: PendingEvents): this {
    this.emits.push(...other.emits);
    return this;
  }

  get size(): number {
    return this.emits.length;
  }

  flush(realtime: Realtime): void {
    for (const emit of this.emits.splice(0)) emit(realtime);
  }
}
