import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ConversationRow } from './conversation-row.js';

/** What can start an automation, as messaging sees it happen. */
export type TriggerEvent =
  | 'conversation_created'
  | 'message_received'
  | 'handed_off'
  | 'assigned'
  | 'resolved'
  | 'csat_received';

/** One occurrence, recorded inside the transaction that caused it (so it is never lost or doubled). */
export interface Trigger {
  event: TriggerEvent;
  /** Unique per occurrence: a rule runs at most once per event id. */
  eventId: string;
  conversation: Pick<
    ConversationRow,
    'id' | 'inbox_id' | 'client_id' | 'client_name' | 'client_phone' | 'tags' | 'handler_mode' | 'status'
  >;
  /** The customer's words (message events). */
  text?: string | undefined;
  /** The agent's confidence when it handed off (handed_off by the agent). */
  confidence?: number | null | undefined;
  at: number;
}

export type TriggerHandler = (trx: Transaction<Database>, triggers: readonly Trigger[]) => Promise<void>;

/**
 * Where messaging hands its triggers, inside each write's transaction: the automations context sets
 * the handler and says which events any enabled rule listens to, so nothing is built for the others.
 */
export class TriggerSink {
  private handler: TriggerHandler | null = null;
  private listened: () => ReadonlySet<TriggerEvent> = () => new Set();

  set(handler: TriggerHandler, listened: () => ReadonlySet<TriggerEvent>): void {
    this.handler = handler;
    this.listened = listened;
  }

  /** Whether any enabled rule listens to this event (cheap: asked on every customer message). */
  wants(event: TriggerEvent): boolean {
    return this.handler !== null && this.listened().has(event);
  }

  async fire(trx: Transaction<Database>, triggers: readonly Trigger[]): Promise<void> {
    if (this.handler && triggers.length > 0) await this.handler(trx, triggers);
  }
}

export function triggerOf(
  event: TriggerEvent,
  eventId: string,
  row: Trigger['conversation'],
  at: number,
  extra: Pick<Trigger, 'text' | 'confidence'> = {},
): Trigger {
  return {
    event,
    eventId,
    conversation: {
      id: row.id,
      inbox_id: row.inbox_id,
      client_id: row.client_id,
      client_name: row.client_name,
      client_phone: row.client_phone,
      tags: row.tags,
      handler_mode: row.handler_mode,
      status: row.status,
    },
    at,
    ...extra,
  };
}
