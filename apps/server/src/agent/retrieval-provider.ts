import { type AgentAnswer, type AgentProvider, type AnswerInput, evidenceOf } from './provider.js';
import { buildReply } from './reply.js';

/**
 * The default, offline provider: the reply quotes the sentences of the best passage that answer each
 * question of the message; the confidence is the retrieval's.
 */
export function createRetrievalProvider(): AgentProvider {
  return {
    kind: 'retrieval',
    async answer({ passages, parts, retrievalConfidence }: AnswerInput): Promise<AgentAnswer> {
      const best = passages[0];
      if (!best) return { text: '', confidence: 0, evidence: [] };
      const answers = parts?.length ? parts.map((p) => p.sentences) : [[best.passage.text]];
      return {
        text: buildReply(answers),
        confidence: retrievalConfidence,
        evidence: evidenceOf(passages),
      };
    },
  };
}
