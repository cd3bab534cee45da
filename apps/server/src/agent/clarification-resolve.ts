import type { ClarificationOption, Evidence, MessageClarification } from '@atende/contracts';
import { readPick } from './clarification-reply.js';
import type { AgentProvider, HistoryMessage } from './provider.js';
import { evidenceOf } from './provider.js';
import { buildReply } from './reply.js';
import type { KnowledgeIndex, ScoredPassage } from './retrieval/kb-index.js';
import { retrieve } from './retrieval/retrieve.js';
import { sentencesOf } from './retrieval/sentences.js';

/** The agent's clarifying question the customer's message answers. */
export interface PendingClarification {
  /** Our clarifying message's id. */
  messageId: string;
  /** The customer's question it asked about, and what came before that question. */
  question: string;
  history: readonly HistoryMessage[];
  options: readonly ClarificationOption[];
}

type Resolution = Extract<MessageClarification, { kind: 'resolution' }>;

export type ResolvedDecision =
  | { kind: 'answer'; text: string; confidence: number; evidence: Evidence[]; clarification: Resolution }
  | { kind: 'person'; clarification: Resolution }
  | { kind: 'unmatched'; clarification: Resolution }
  | { kind: 'provider_failure'; clarification: Resolution };

/**
 * The customer's reply to a clarifying question: the picked topic's passage answers the original
 * question (its sentences that answer it, or the provider's words from that passage alone); a person,
 * or anything that names no option, is a handoff. Never a second question.
 */
export async function resolveClarification(input: {
  reply: string;
  pending: PendingClarification;
  interactiveReplyId?: string | null | undefined;
  index: KnowledgeIndex;
  provider: AgentProvider;
  handoffKeywords: readonly string[];
}): Promise<ResolvedDecision> {
  const { pending, index } = input;
  const pick = readPick(input.reply, pending.options, input.interactiveReplyId, input.handoffKeywords);
  const resolution = (outcome: Resolution['outcome']): Resolution => ({
    kind: 'resolution',
    clarificationMessageId: pending.messageId,
    outcome,
    optionId: pick.kind === 'none' ? null : (pick.option?.id ?? null),
    pickedBy: pick.kind === 'none' ? null : pick.by,
  });
  if (pick.kind === 'person') return { kind: 'person', clarification: resolution('person') };
  const passage =
    pick.kind === 'option' ? index.passages.find((p) => p.id === pick.option.passageId) : undefined;
  // The knowledge base changed since the question and the topic is gone: a person answers.
  if (pick.kind !== 'option' || !passage)
    return { kind: 'unmatched', clarification: resolution('unmatched') };

  const part = retrieve(index, pending.question, pending.history).parts[0];
  const found = part?.search.passages.find((p) => p.passage.id === passage.id);
  const scored: ScoredPassage = found ?? {
    passage,
    score: 0,
    relevance: pick.option.confidence ?? 0,
    coverage: 0,
    sentenceCoverage: 0,
    missing: 1,
    titleCoverage: 0,
    aspectMatch: 0,
    titleRecall: 0,
    statesDuration: false,
  };
  const confidence = pick.option.confidence ?? 0;
  // The question's own words and aspect choose the sentences; none meeting any, the passage's opening
  // answers. The customer confirmed the topic, so its opening (the title's direct answer) leads, and
  // the sentence with the question's condition, age or price follows.
  const chosen = index.answeringSentences(part?.search ?? index.search(pending.question, 3), passage);
  const [opening] = sentencesOf(passage.text);
  const sentences =
    opening !== undefined && chosen.length > 0 && !chosen.includes(opening) ? [opening, ...chosen] : chosen;
  let text = buildReply([sentences.length > 0 ? sentences : [passage.text]]);
  if (input.provider.kind !== 'retrieval') {
    try {
      const answer = await input.provider.answer({
        question: pending.question,
        history: pending.history,
        passages: [scored],
        retrievalConfidence: confidence,
      });
      if (answer.text.trim()) text = answer.text.trim();
    } catch {
      return { kind: 'provider_failure', clarification: resolution('unmatched') };
    }
  }
  return {
    kind: 'answer',
    text,
    confidence,
    evidence: evidenceOf([scored]),
    clarification: resolution('answered'),
  };
}
