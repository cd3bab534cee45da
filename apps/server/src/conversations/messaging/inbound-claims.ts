import type { DomainEvent, MessageType, TimelineEvent } from '@atende/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A customer's message to a resolved conversation, as a claimer sees it. */
export interface ClaimableMessage {
  conversationId: string;
  clientId: string;
  inboxId: string;
  messageId: string;
  text: string;
  type: MessageType;
  /** The choice tapped on buttons or a list we sent. */
  interactiveReplyId: string | null;
  at: number;
}

/** What the claimer did with the message: a line for the transcript, events after the commit. */
export interface InboundClaim {
  line?: { event: TimelineEvent; text: string } | undefined;
  events?: readonly DomainEvent[] | undefined;
  /** The reply rated something (the survey's id): automations hear `csat_received` once for it. */
  rated?: string | undefined;
}

export type InboundClaimer = (
  trx: Transaction<Database>,
  message: ClaimableMessage,
) => Promise<InboundClaim | null>;

/**
 * Replies to something we asked after a conversation ended (the satisfaction survey): the message is
 * stored in its conversation, which stays resolved, and the agent is not woken. The context that
 * asked registers one claimer; ingest asks it, inside its transaction, about each customer message to
 * a resolved conversation (none on the hot path of open ones).
 */
export class InboundClaims {
  private claimer: InboundClaimer | null = null;

  set(claimer: InboundClaimer): void {
    this.claimer = claimer;
  }

  claim(trx: Transaction<Database>, message: ClaimableMessage): Promise<InboundClaim | null> {
    return this.claimer ? this.claimer(trx, message) : Promise.resolve(null);
  }
}
