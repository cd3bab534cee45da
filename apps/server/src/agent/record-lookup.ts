import type { Evidence } from '@atende/contracts';

/**
 * What a lookup of the customer's own record (their order) answered: a reply with the fields it
 * used as evidence, or a reason to hand off to a person (not found, timeout, error).
 */
export type RecordLookupOutcome =
  | { kind: 'answer'; text: string; evidence: Evidence[] }
  | { kind: 'handoff'; reason: string };

/**
 * Looks up the record a question is about, given by the composition root (integrations/order-lookup):
 * the agent does not know where records live. Null when no lookup is configured.
 */
export type RecordLookup = (input: {
  conversationId: string;
  question: string;
}) => Promise<RecordLookupOutcome | null>;
