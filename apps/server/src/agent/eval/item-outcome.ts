import type { DomainItem } from './domains.js';

export interface ItemOutcome {
  item: DomainItem;
  answered: boolean;
  /** Evidence passage ids of the reply (or of the handoff), best first. */
  evidence: string[];
  text: string;
  /** The first turn's confidence (before any clarification). */
  confidence: number | null;
  latencyMs: number;
  /** The agent asked which topic was meant; the simulated customer then picked one or asked for a person. */
  clarified: boolean;
  /** The passages the clarifying question offered. */
  offered: string[];
  /** The passages retrieved for the message's first question, best first. */
  retrieved: string[];
  /** The reply was a greeting or a courtesy, not a knowledge-base answer. */
  smallTalk: boolean;
}
