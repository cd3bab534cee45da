import type { Evidence, HandoffCause as LabelledCause } from '@atende/contracts';
import { formatPercent } from '../lib/number-format.js';
import { asksForPerson } from './handoff-intent.js';
import type { AgentProvider, HistoryMessage } from './provider.js';
import type { KnowledgeIndex } from './retrieval/kb-index.js';
import { asksForRecordStatus } from './retrieval/question-signals.js';
import { retrieve } from './retrieval/retrieve.js';
import { smallTalkReply } from './small-talk.js';

/** The causes the analytics screen names (a cause without a label there does not compile). */
export type HandoffCause = Exclude<LabelledCause, 'other'>;

export type Decision =
  | { kind: 'reply'; text: string; confidence: number; evidence: Evidence[]; smallTalk: boolean }
  | { kind: 'handoff'; cause: HandoffCause; reason: string; confidence: number | null; evidence: Evidence[] };

export interface DecideInput {
  question: string;
  history: readonly HistoryMessage[];
  index: KnowledgeIndex;
  provider: AgentProvider;
  settings: { confidenceThreshold: number; handoffKeywords: readonly string[]; assistantName: string };
}

/**
 * What the agent does with one customer message, without side effects: hand off when the customer
 * asks for a person or whether something of theirs has happened yet (their record knows, no
 * knowledge-base text does), answer small talk, otherwise ask the provider and hand off below the
 * threshold or when the provider fails. The reasons are the pt-BR texts shown to operators.
 */
export async function decide(input: DecideInput): Promise<Decision> {
  const { question, settings } = input;
  if (asksForPerson(question, settings.handoffKeywords)) {
    return {
      kind: 'handoff',
      cause: 'person_requested',
      reason: 'cliente pediu atendente',
      confidence: null,
      evidence: [],
    };
  }
  if (asksForRecordStatus(question)) {
    return {
      kind: 'handoff',
      cause: 'record_lookup',
      reason: 'consulta ao pedido do cliente',
      confidence: null,
      evidence: [],
    };
  }
  const greeting = smallTalkReply(question, settings.assistantName);
  if (greeting) return { kind: 'reply', text: greeting, confidence: 1, evidence: [], smallTalk: true };

  const retrieval = retrieve(input.index, question, input.history);
  let answer: Awaited<ReturnType<AgentProvider['answer']>>;
  try {
    answer = await input.provider.answer({
      question,
      history: input.history,
      passages: retrieval.passages,
      parts: retrieval.parts,
      retrievalConfidence: retrieval.confidence,
    });
  } catch {
    // Any failure (ProviderError or not): a person answers instead.
    return {
      kind: 'handoff',
      cause: 'provider_failure',
      reason: 'falha do provedor',
      confidence: null,
      evidence: [],
    };
  }
  const confidence = Math.min(1, Math.max(0, answer.confidence));
  if (confidence < settings.confidenceThreshold || answer.text.trim() === '') {
    return {
      kind: 'handoff',
      cause: 'low_confidence',
      reason: `baixa confiança (${formatPercent(confidence)})`,
      confidence,
      evidence: answer.evidence,
    };
  }
  return { kind: 'reply', text: answer.text.trim(), confidence, evidence: answer.evidence, smallTalk: false };
}
