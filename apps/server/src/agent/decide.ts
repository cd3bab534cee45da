import type {
  ClarificationOption,
  Evidence,
  HandoffCause as LabelledCause,
  MessageClarification,
} from '@atende/contracts';
import { formatPercent } from '../lib/number-format.js';
import {
  candidatesOf,
  clarificationOptions,
  clarificationText,
  triage,
  triageInputOf,
} from './clarification.js';
import { type PendingClarification, resolveClarification } from './clarification-resolve.js';
import { asksForPerson } from './handoff-intent.js';
import { type AgentProvider, evidenceOf, type HistoryMessage } from './provider.js';
import type { RecordLookupOutcome } from './record-lookup.js';
import type { KnowledgeIndex } from './retrieval/kb-index.js';
import { asksForRecordStatus } from './retrieval/question-signals.js';
import { retrieve } from './retrieval/retrieve.js';
import { smallTalkReply } from './small-talk.js';

/** The causes the analytics screen names (a cause without a label there does not compile). */
export type HandoffCause = Exclude<LabelledCause, 'other'>;

/** Set on the answer to a clarifying question: which option was picked, and how it ended. */
type Resolution = { clarification?: Extract<MessageClarification, { kind: 'resolution' }> | undefined };

export type Decision =
  | ({
      kind: 'reply';
      text: string;
      confidence: number;
      evidence: Evidence[];
      smallTalk: boolean;
    } & Resolution)
  | ({
      kind: 'handoff';
      cause: HandoffCause;
      reason: string;
      confidence: number | null;
      evidence: Evidence[];
    } & Resolution)
  | {
      kind: 'clarify';
      text: string;
      confidence: number;
      evidence: Evidence[];
      options: ClarificationOption[];
    };

export interface DecideInput {
  question: string;
  history: readonly HistoryMessage[];
  index: KnowledgeIndex;
  provider: AgentProvider;
  settings: {
    confidenceThreshold: number;
    handoffKeywords: readonly string[];
    assistantName: string;
    /** `admin-config.companyName`: who the assistant speaks for ("a loja" when not given). */
    companyName?: string;
  };
  /** The clarifying question this message replies to, if it is the reply to one. */
  pending?: PendingClarification | undefined;
  /** The option the customer tapped on an interactive list or buttons, when the channel says. */
  interactiveReplyId?: string | null | undefined;
  /** False when no clarifying question may be sent now (outside business hours): answer or hand off. */
  mayClarify?: boolean | undefined;
  /** Prefix of a clarifying question's option ids (the customer message's id). */
  optionKey?: string | undefined;
  /** Looks up the customer's record (their order) when the question is about it; absent: hand off. */
  lookupRecord?: (() => Promise<RecordLookupOutcome | null>) | undefined;
}

/**
 * What the agent does with one customer message, without side effects: hand off when the customer
 * asks for a person or whether something of theirs has happened yet (their record knows, no
 * knowledge-base text does), answer small talk, otherwise ask the provider and hand off below the
 * threshold or when the provider fails. The reasons are the pt-BR texts shown to operators.
 */
export async function decide(input: DecideInput): Promise<Decision> {
  const { question, settings } = input;
  if (input.pending) return answerClarification(input, input.pending);
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
    const looked = await input.lookupRecord?.();
    if (looked?.kind === 'answer') {
      return { kind: 'reply', text: looked.text, confidence: 1, evidence: looked.evidence, smallTalk: false };
    }
    return {
      kind: 'handoff',
      cause: 'record_lookup',
      reason: looked?.reason ?? 'consulta ao pedido do cliente',
      confidence: null,
      evidence: [],
    };
  }
  const greeting = smallTalkReply(question, settings.assistantName, settings.companyName);
  if (greeting) return { kind: 'reply', text: greeting, confidence: 1, evidence: [], smallTalk: true };

  const retrieval = retrieve(input.index, question, input.history);
  // One question: answered at once only when clear (the band), otherwise asked about or handed off.
  const [only] = retrieval.parts;
  const band = input.index.tuning.band;
  const candidates =
    only && retrieval.parts.length === 1 ? candidatesOf(only, band, input.index.tuning.calibration) : [];
  const triaged =
    only && retrieval.parts.length === 1
      ? triage(triageInputOf(only, candidates.length), {
          ...band,
          answerAbove: Math.max(band.answerAbove, settings.confidenceThreshold),
        })
      : null;
  // A message without a word ("2", "??") names no topic to ask about.
  const ask = (): Decision | null =>
    candidates.length >= 1 &&
    input.mayClarify !== false &&
    retrieval.confidence >= band.clarifyAbove &&
    /\p{L}/u.test(question)
      ? clarify(input.optionKey ?? 'opcao', candidates, retrieval.passages, retrieval.confidence)
      : null;
  if (triaged && triaged !== 'answer' && input.provider.kind === 'retrieval') {
    const outside = only !== undefined && only.search.rare >= band.unknownHandoff;
    return (
      (triaged === 'clarify' ? ask() : null) ??
      lowConfidence(retrieval.confidence, retrieval.passages, outside)
    );
  }
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
    // A model unsure of the passages may still ask which topic was meant.
    const asked = triaged === 'handoff' ? null : ask();
    if (asked) return asked;
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

function clarify(
  key: string,
  candidates: Parameters<typeof clarificationOptions>[1],
  passages: Parameters<typeof evidenceOf>[0],
  confidence: number,
): Decision {
  const options = clarificationOptions(key, candidates);
  const offered = new Set(candidates.map((c) => c.passageId));
  return {
    kind: 'clarify',
    text: clarificationText(options),
    confidence,
    evidence: evidenceOf(passages.filter((p) => offered.has(p.passage.id))),
    options,
  };
}

/**
 * Below the band, or unclear with nothing to offer: a person answers. `outside`: most of the question's
 * words are nowhere in the knowledge base (a product it does not mention).
 */
function lowConfidence(
  confidence: number,
  passages: Parameters<typeof evidenceOf>[0],
  outside: boolean,
): Decision {
  return {
    kind: 'handoff',
    cause: 'low_confidence',
    reason: outside
      ? 'assunto fora da base de conhecimento'
      : `baixa confiança (${formatPercent(confidence)})`,
    confidence,
    evidence: evidenceOf(passages),
  };
}

/**
 * The customer's reply to a clarifying question: the picked topic answered, or a person. A reply that
 * names no option may be a new question or a closing ("ah, e vocês entregam no sábado?", "deixa,
 * obrigado"): it is decided as a message of its own, but never with a second clarifying question.
 */
async function answerClarification(input: DecideInput, pending: PendingClarification): Promise<Decision> {
  const resolved = await resolveClarification({
    reply: input.question,
    pending,
    interactiveReplyId: input.interactiveReplyId,
    index: input.index,
    provider: input.provider,
    handoffKeywords: input.settings.handoffKeywords,
  });
  const { clarification } = resolved;
  if (resolved.kind === 'unmatched' && clarification.optionId === null) {
    const fresh = await decide({ ...input, pending: undefined, mayClarify: false });
    if (fresh.kind === 'reply') return fresh;
    // Unsure of the new reading too: the reply is the unrecognised pick it most likely was.
    if (fresh.kind === 'handoff' && fresh.cause !== 'low_confidence') return { ...fresh, clarification };
  }
  switch (resolved.kind) {
    case 'answer':
      return {
        kind: 'reply',
        text: resolved.text,
        confidence: resolved.confidence,
        evidence: resolved.evidence,
        smallTalk: false,
        clarification,
      };
    case 'person':
      return {
        kind: 'handoff',
        cause: 'person_requested',
        reason: 'cliente pediu atendente',
        confidence: null,
        evidence: [],
        clarification,
      };
    case 'provider_failure':
      return {
        kind: 'handoff',
        cause: 'provider_failure',
        reason: 'falha do provedor',
        confidence: null,
        evidence: [],
        clarification,
      };
    default:
      return {
        kind: 'handoff',
        cause: 'clarification_unmatched',
        reason: 'resposta ao esclarecimento não reconhecida',
        confidence: null,
        evidence: [],
        clarification,
      };
  }
}
