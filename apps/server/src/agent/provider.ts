import type { Evidence } from '@atende/contracts';
import type { ScoredPassage } from './retrieval/kb-index.js';

/** A message of the conversation before the question, oldest first. */
export interface HistoryMessage {
  sender: 'client' | 'agent' | 'admin';
  content: string;
}

export interface AnswerInput {
  question: string;
  history: readonly HistoryMessage[];
  /** Retrieved passages, best first. */
  passages: readonly ScoredPassage[];
  /**
   * The questions of the message (two when the customer asked two things at once), each with its own
   * passages; absent means one question with `passages`.
   */
  parts?: readonly {
    question: string;
    search: { passages: readonly ScoredPassage[] };
    /** The sentences of the part's best passage that answer it. */
    sentences: readonly string[];
  }[];
  /** Calibrated retrieval confidence for these passages (0–1); the lowest part's for several. */
  retrievalConfidence: number;
}

export interface AgentAnswer {
  text: string;
  /** 0–1; below the configured threshold the agent hands off. */
  confidence: number;
  evidence: Evidence[];
}

export type ProviderKind = 'retrieval' | 'openai-compatible';

/** Something that answers a customer's question from the retrieved passages. Throws on failure. */
export interface AgentProvider {
  readonly kind: ProviderKind;
  answer(input: AnswerInput): Promise<AgentAnswer>;
}

/** The provider could not produce an answer (network, timeout, bad response). */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

const EXCERPT_CHARS = 240;

/** Evidence records for the passages used, best first (at most three). */
export function evidenceOf(passages: readonly ScoredPassage[]): Evidence[] {
  return passages.slice(0, 3).map((p) => ({
    passageId: p.passage.id,
    title: p.passage.title,
    excerpt:
      p.passage.text.length > EXCERPT_CHARS
        ? `${p.passage.text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`
        : p.passage.text,
    score: Math.round(Math.min(1, Math.max(0, p.relevance)) * 100) / 100,
  }));
}
