import { type AgentAnswer, type AgentProvider, type AnswerInput, evidenceOf } from './provider.js';
import { buildReply } from './reply.js';

/** The default, offline provider: the reply is the best passage, the confidence the retrieval's. */
export function createRetrievalProvider(): AgentProvider {
  return {
    kind: 'retrieval',
    async answer({ question, passages, retrievalConfidence }: AnswerInput): Promise<AgentAnswer> {
      const best = passages[0];
      if (!best) return { text: '', confidence: 0, evidence: [] };
      return {
        text: buildReply(question, best.passage),
        confidence: retrievalConfidence,
        evidence: evidenceOf(passages),
      };
    },
  };
}
