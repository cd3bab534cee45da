import { foldText } from '../../lib/text/normalize.js';
import type { HistoryMessage } from '../provider.js';
import { asksForValue } from './aspects.js';
import { isAsking } from './clauses.js';
import { confidenceOf } from './confidence.js';
import type { KnowledgeIndex, ScoredPassage, SearchResult } from './kb-index.js';

export interface RetrievedPart {
  question: string;
  search: SearchResult;
  confidence: number;
  /** The previous question, when it was needed to understand this one. */
  context?: string;
  /** The sentences of the best passage that answer this question. */
  sentences: string[];
  /** Share of the question's own weight those sentences and the passage's title hold (0–1). */
  answerCoverage: number;
  /** Those sentences and the title hold the question's most specific word (its highest idf). */
  keyHeld: boolean;
}

export interface Retrieval {
  /** One per question in the message (two when the customer asked two things at once). */
  parts: RetrievedPart[];
  /** Passages of all parts, the best of each part first. */
  passages: ScoredPassage[];
  /** The lowest part's confidence: every question must be answerable. */
  confidence: number;
}

/** Greetings and courtesy around a question carry no topic ("boa tarde, …", "por favor"). */
const COURTESY =
  /^(?:(?:oi+e?|ol[aá]|opa|e a[ií]|bom dia|boa tarde|boa noite|tudo bem|tudo bom|blz|beleza|por favor|pf|pfv|ok)[\s,!.?;:-]*)+/i;

function withoutCourtesy(text: string): string {
  const stripped = text.trim().replace(COURTESY, '').trim();
  return stripped || text.trim();
}

/**
 * Words that open a question: a clause after " e " starting with one is a second question. An
 * interrogative may follow a preposition ("e com que idade…", "e até que horas…", "e em quanto tempo…").
 */
const OPENERS =
  /^(?:(?:com|de|da|do|em|no|na|a|à|ate|até|para|pra|pro|por|desde|a partir de)\s+(?=(?:qual|quais|quanto|quantos|quanta|quantas|qto|qnto|quando|qdo|que|q|onde)\b))?(?:qual|quais|quanto|quantos|quanta|quantas|qto|qnto|qts|como|onde|quando|qdo|qnd|que|q|tem|tém|aceita|aceitam|vcs|voces|vocês|da pra|dá pra|posso|pode|podem|faz|fazem|precisa|preciso|existe|e)\b/i;

/**
 * The questions of a message: split at `?` (or `.`/`!`) followed by more text, and at " e " when
 * what follows opens a question ("qual o horário e tem estacionamento?").
 */
export function splitQuestions(message: string): string[] {
  const parts: string[] = [];
  for (const sentence of message.split(/(?<=[?!.])\s+(?=\S)/)) {
    const pieces = sentence.split(/,?\s+e\s+(?=\S)/i);
    let current = pieces[0]!;
    for (const piece of pieces.slice(1)) {
      if (OPENERS.test(piece)) {
        parts.push(current);
        current = piece;
      } else current = `${current} e ${piece}`;
    }
    parts.push(current);
  }
  // A piece without a word ("#12", "2", "!!") asks nothing of its own: it stays with the question before.
  const questions: string[] = [];
  for (const part of parts.map((p) => p.replace(/^e\s+/i, '').trim())) {
    if (/\p{L}/u.test(part) || questions.length === 0) questions.push(part);
    else questions[questions.length - 1] += ` ${part}`;
  }
  return questions.filter((p) => /[\p{L}\p{N}]/u.test(p));
}

/**
 * A piece that asks nothing ("…? ela é persa", "machuquei o ombro. dá pra trancar?") is background of
 * the question next to it, not a question of its own: it joins the one before it (or after it, first).
 */
function withBackground(pieces: readonly string[]): string[] {
  if (pieces.length < 2 || !pieces.some(isAsking)) return [...pieces];
  const out: string[] = [];
  let pending = '';
  for (const piece of pieces) {
    if (isAsking(piece)) {
      out.push(pending ? `${pending} ${piece}` : piece);
      pending = '';
    } else if (out.length > 0) out[out.length - 1] += ` ${piece}`;
    else pending = pending ? `${pending} ${piece}` : piece;
  }
  return out;
}

/** Words that point back to what was just asked about: "qto custa esse serviço?", "isso é pago?". */
const ANAPHORA =
  /\b(?:esse|essa|esses|essas|isso|nesse|nessa|nisso|desse|dessa|disso|dele|dela|ele|ela|mesmo|mesma)\b/;

/**
 * A message that only makes sense with the previous turn: "e no sábado?", "e o de 1 giga?", "é
 * pago?", "qto custa esse serviço?".
 */
function isFollowUp(question: string, termCount: number): boolean {
  const folded = foldText(question).trim();
  return /^e\s/.test(folded) || termCount <= 1 || (termCount <= 3 && ANAPHORA.test(folded));
}

function previousQuestion(history: readonly HistoryMessage[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.sender === 'client' && m.content.trim()) return m.content;
  }
  return null;
}

/** The part with what a reply from its best passage quotes (the search computed it). */
function withSentences(part: Omit<RetrievedPart, 'sentences' | 'answerCoverage' | 'keyHeld'>): RetrievedPart {
  const { answer } = part.search;
  return { ...part, sentences: answer.sentences, answerCoverage: answer.coverage, keyHeld: answer.keyHeld };
}

/**
 * A later question of the same message: `firstAlone` is the passage the first question finds by its own
 * words (undefined when it finds none).
 */
interface SameMessage {
  firstAlone: string | undefined;
}

function searchOne(
  index: KnowledgeIndex,
  question: string,
  history: readonly HistoryMessage[],
  sameMessage?: SameMessage,
): RetrievedPart {
  return withSentences(searchAlone(index, question, history, sameMessage));
}

/**
 * One question, with the previous customer message as context when it is a follow-up. Context from an
 * earlier turn is kept only when it raises the confidence; a fragment of the same message ("…
 * hospedam cachorro? qto a diária?") always leans on the question before it.
 */
function searchAlone(
  index: KnowledgeIndex,
  question: string,
  history: readonly HistoryMessage[],
  sameMessage?: SameMessage,
): Omit<RetrievedPart, 'sentences' | 'answerCoverage' | 'keyHeld'> {
  const search = index.search(question, 3);
  const confidence = confidenceOf(search, index.tuning.calibration);
  const previous = previousQuestion(history);
  if (!previous || !isFollowUp(question, search.termCount)) return { question, search, confidence };
  const withContext = index.search(question, 3, previous);
  const contextConfidence = confidenceOf(withContext, index.tuning.calibration);
  const best = withContext.passages[0];
  // The previous turn may narrow the question down, not replace it: the passage must still match one
  // of the question's own words, if it has any.
  const own = search.termCount === 0 || (best !== undefined && best.missing < 1);
  // In one message, a question with words of its own leans on the first one to ask more of the same
  // passage ("…? qto a diária?"), not to land on a third one neither question names alone ("qto custa o
  // mei e da pra fazer td online?" is not about opening a MEI).
  // A question whose only words ask for a kind of value ("…frete pra BH? e qual o prazo?") has no topic
  // of its own: the first question's is its topic, wherever the two lead together.
  const third =
    sameMessage !== undefined &&
    search.termCount > 0 &&
    best !== undefined &&
    best.passage.id !== search.passages[0]?.passage.id &&
    best.passage.id !== sameMessage.firstAlone &&
    search.groups.some((g) => g.own && !asksForValue(g.surface));
  if (own && !third && (contextConfidence > confidence || sameMessage !== undefined)) {
    return { question, search: withContext, confidence: contextConfidence, context: previous };
  }
  return { question, search, confidence };
}

/**
 * What the agent retrieves for a customer message: the passages for each question in it, using the
 * previous customer message when this one is a follow-up. Two questions are answered separately
 * when they lead to different passages; if either cannot be answered, the confidence says so.
 */
export function retrieve(
  index: KnowledgeIndex,
  message: string,
  history: readonly HistoryMessage[],
): Retrieval {
  const question = withoutCourtesy(message);
  const pieces = withBackground(splitQuestions(question));
  if (pieces.length >= 2) {
    const [first, ...rest] = pieces.slice(0, 3) as [string, ...string[]];
    const firstPart = searchOne(index, first, history);
    const firstTop = firstPart.search.passages[0]?.passage.id;
    // Searched again only when the first question leaned on the turn before (rare): once per message.
    const sameMessage: SameMessage = {
      firstAlone: firstPart.context === undefined ? firstTop : index.search(first, 1).passages[0]?.passage.id,
    };
    const parts = [
      firstPart,
      ...rest.map((p) => {
        const part = searchOne(index, p, [{ sender: 'client', content: first }], sameMessage);
        // A fragment leans on the first question ("…sábado? e de domingo?", "…? qto a diária?", "…? é
        // pago?"); a whole question of its own ("… e tem fidelidade?") asks something else, so the
        // first one's words may not pull it onto the first one's passage.
        // A question of its own names something the first one's passage never mentions ("e aceita
        // pix?"); a fragment asks more of the same passage ("qto a diária?").
        const top = part.search.passages[0];
        const pulled =
          OPENERS.test(p) &&
          !ANAPHORA.test(foldText(p)) &&
          part.context !== undefined &&
          top !== undefined &&
          top.passage.id === firstTop &&
          top.missing > 0;
        return pulled ? searchOne(index, p, []) : part;
      }),
    ];
    const answerable = parts.filter((p) => p.search.termCount > 0);
    const tops = new Set(answerable.map((p) => p.search.passages[0]?.passage.id));
    if (answerable.length >= 2 && tops.size === answerable.length) {
      const confidence = Math.min(...answerable.map((p) => p.confidence));
      const passages: ScoredPassage[] = [];
      for (const rank of [0, 1, 2])
        for (const p of answerable) {
          const hit = p.search.passages[rank];
          if (hit && !passages.some((x) => x.passage.id === hit.passage.id)) passages.push(hit);
        }
      return { parts: answerable, passages, confidence };
    }
  }
  const whole = searchOne(index, question, history);
  return { parts: [whole], passages: whole.search.passages, confidence: whole.confidence };
}
