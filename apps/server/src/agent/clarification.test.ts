import { describe, expect, it } from 'vitest';
import {
  candidatesOf,
  clarificationOptions,
  clarificationText,
  type TriageInput,
  triage,
} from './clarification.js';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';
import { KnowledgeIndex } from './retrieval/kb-index.js';
import { retrieve } from './retrieval/retrieve.js';
import type { Band } from './retrieval/tuning.js';

const band: Band = {
  answerAbove: 0.75,
  clarifyAbove: 0.3,
  closeRatio: 0.9,
  minAnswerCoverage: 0.5,
  maxUnknown: 0.2,
  unknownHandoff: 0.9,
  optionShare: 0,
  requireKey: 1,
  answerClearAbove: 0.6,
  clearRatio: 0,
};
const clear: TriageInput = {
  confidence: 0.9,
  ratio: 0.4,
  unknown: 0,
  rare: 0,
  answerCoverage: 1,
  keyHeld: true,
  candidates: 3,
};

describe('triage: the band', () => {
  it('answers at once only when sure, clear of the runner-up, covered and in the knowledge base’s words', () => {
    expect(triage(clear, band)).toBe('answer');
    expect(triage({ ...clear, confidence: 0.75 }, band)).toBe('answer');
    // Each condition alone moves an otherwise clear question to a clarifying question.
    expect(triage({ ...clear, confidence: 0.74 }, band)).toBe('clarify');
    expect(triage({ ...clear, ratio: 0.9 }, band)).toBe('clarify');
    expect(triage({ ...clear, answerCoverage: 0.49 }, band)).toBe('clarify');
    expect(triage({ ...clear, unknown: 0.25 }, band)).toBe('clarify');
    // The quoted text lacks the question's most specific word ("mensalidade" answered with "matrícula").
    expect(triage({ ...clear, keyHeld: false }, band)).toBe('clarify');
    expect(triage({ ...clear, keyHeld: false }, { ...band, requireKey: 0 })).toBe('answer');
  });

  it('answers a clear winner from a lower confidence, when the band allows it', () => {
    const wide = { ...band, clearRatio: 0.5 };
    expect(triage({ ...clear, confidence: 0.65, ratio: 0.3 }, band)).toBe('clarify');
    expect(triage({ ...clear, confidence: 0.65, ratio: 0.3 }, wide)).toBe('answer');
    // The runner-up is near, or it is not sure enough even so.
    expect(triage({ ...clear, confidence: 0.65, ratio: 0.5 }, wide)).toBe('clarify');
    expect(triage({ ...clear, confidence: 0.59, ratio: 0.3 }, wide)).toBe('clarify');
    // The other conditions of an answer still hold.
    expect(triage({ ...clear, confidence: 0.65, ratio: 0.3, unknown: 0.25 }, wide)).toBe('clarify');
  });

  it('asks in the middle band and hands off below it, or with nothing to offer', () => {
    expect(triage({ ...clear, confidence: 0.3 }, band)).toBe('clarify');
    expect(triage({ ...clear, confidence: 0.29 }, band)).toBe('handoff');
    expect(triage({ ...clear, confidence: 0.5, candidates: 0 }, band)).toBe('handoff');
    expect(triage({ ...clear, confidence: 0.5, candidates: 1 }, band)).toBe('clarify');
  });

  it('hands off without asking when the topic words are ones the knowledge base never uses', () => {
    expect(triage({ ...clear, rare: 0.9 }, band)).toBe('handoff');
    expect(triage({ ...clear, rare: 0.5, unknown: 0.5, confidence: 0.6 }, band)).toBe('clarify');
  });
});

describe('the clarifying question', () => {
  const index = KnowledgeIndex.fromContent(loadDemoKnowledgeBase());

  it('offers up to three distinct topics, best first, each with its confidence, the first the highest', () => {
    const [part] = retrieve(index, 'onde pego a nf da minha compra', []).parts;
    const candidates = candidatesOf(part!, band, index.tuning.calibration);
    expect(candidates.map((c) => c.passageId)).toContain('nota-fiscal/como-consigo-a-nota-fiscal');
    expect(candidates.length).toBeLessThanOrEqual(3);
    expect(new Set(candidates.map((c) => c.title)).size).toBe(candidates.length);
    expect(candidates[0]!.confidence).toBe(part!.confidence);
    for (const c of candidates.slice(1)) expect(c.confidence).toBeLessThanOrEqual(candidates[0]!.confidence);
  });

  it('leaves out topics scoring under the share of the first', () => {
    const [part] = retrieve(index, 'onde pego a nf da minha compra', []).parts;
    const scores = part!.search.passages.map((p) => p.score);
    const share = (scores[1]! / scores[0]! + 0.001) as number;
    expect(candidatesOf(part!, { ...band, optionShare: share }, index.tuning.calibration)).toHaveLength(1);
  });

  it('numbers the topics, then a person, with ids unique to the question', () => {
    const options = clarificationOptions('msg-7', [
      { passageId: 'a', title: 'Qual é o prazo de entrega?', confidence: 0.5 },
      { passageId: 'b', title: 'Quanto custa o frete?', confidence: 0.4 },
    ]);
    expect(options.map((o) => o.id)).toEqual(['msg-7:1', 'msg-7:2', 'msg-7:atendente']);
    expect(options[2]).toMatchObject({ title: 'Falar com um atendente', passageId: null, confidence: null });
    expect(clarificationText(options)).toBe(
      [
        'Quero ter certeza de que entendi. Sua pergunta é sobre:',
        '1. Qual é o prazo de entrega?',
        '2. Quanto custa o frete?',
        '3. Falar com um atendente',
        'Responda com o número ou o assunto.',
      ].join('\n'),
    );
  });
});
