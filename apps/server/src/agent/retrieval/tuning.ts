/**
 * Every constant of retrieval and confidence that is fitted on data, in one value, so the evaluation
 * can fit them on some domains and score the others. `DEFAULT_TUNING` is the fit on the training
 * domains (the six older domains and the four tuning businesses, never the twelve held out): the
 * retrieval constants as `npm run bench:agent -- --fit` printed them before, the calibration and band
 * refitted with them held (`-- --fit-decision` prints it).
 */
export interface Calibration {
  b0: number;
  coverage: number;
  relevance: number;
  margin: number;
  sentenceCoverage: number;
  missing: number;
  titleCoverage: number;
  unknown: number;
  personal: number;
  now: number;
  offTopic: number;
  aspectMissing: number;
  answerCoverage: number;
  keyHeld: number;
  titleRecall: number;
  rare: number;
}

/**
 * Where the agent answers at once, asks which topic the customer meant, or hands off: a wrong answer
 * costs a business more than a question or a handoff.
 */
export interface Band {
  /** Confidence at or above which a clear, covered question is answered at once. */
  answerAbove: number;
  /** Below this a question is handed off; from here up to an answer, the agent asks. */
  clarifyAbove: number;
  /** The second passage's score over the first's at or above this: too close to pick one. */
  closeRatio: number;
  /** Share of the question's weight the quoted sentences and title must hold to answer at once. */
  minAnswerCoverage: number;
  /** Share of the question's words the knowledge base never uses above which nothing is answered at once… */
  maxUnknown: number;
  /** Share of its words that are rare and the knowledge base never uses at or above which a question is handed off without asking. */
  unknownHandoff: number;
  /** A passage is offered when its score is at least this share of the first's. */
  optionShare: number;
  /** 1: answered at once only when the quoted text holds the question's most specific word. */
  requireKey: number;
  /**
   * A clear winner is answered at once from this lower confidence: the second passage scores below
   * `clearRatio` of the first (0: never), the other conditions of an answer holding.
   */
  answerClearAbove: number;
  clearRatio: number;
}

export interface Tuning {
  /** BM25 term-frequency saturation. */
  k1: number;
  /** BM25 length normalisation. */
  b: number;
  /** How many times a passage's title counts. */
  titleWeight: number;
  /** Weight of a related word (general list) against the word itself. */
  relatedWeight: number;
  /** Weight of a word this knowledge base's sentences use together with the question's word. */
  learnedWeight: number;
  /** 0: rank by BM25 alone; 1: BM25 times the share of the question one sentence (plus title) holds. */
  sentenceWeight: number;
  /** Ranking score × (1 + titleBonus × the share of the question the title alone matches). */
  titleBonus: number;
  /** Ranking score × (1 − aspectWeight × the share of the asked aspects the passage never states). */
  aspectWeight: number;
  /** Weight of the words of background clauses ("vou viajar no feriado, …") against those of the asking one. */
  backgroundWeight: number;
  /** confidence = σ(b0 + Σ feature·coefficient). */
  calibration: Calibration;
  band: Band;
}

export const DEFAULT_TUNING: Tuning = {
  k1: 1.6,
  b: 0.75,
  titleWeight: 2,
  relatedWeight: 0.5,
  learnedWeight: 0.3,
  sentenceWeight: 1,
  titleBonus: 0,
  aspectWeight: 0.3,
  backgroundWeight: 0.4,
  calibration: {
    b0: -1.34,
    coverage: 0.6,
    relevance: 0.67,
    margin: 1.27,
    sentenceCoverage: 0.73,
    missing: -0.83,
    titleCoverage: 0.83,
    unknown: -0.53,
    personal: -0.63,
    now: -0.86,
    offTopic: -0.61,
    aspectMissing: -0.59,
    answerCoverage: 0.68,
    keyHeld: -0.23,
    titleRecall: 1.05,
    rare: -0.5,
  },
  band: {
    answerAbove: 0.9,
    clarifyAbove: 0.15,
    closeRatio: 1.01,
    minAnswerCoverage: 0,
    maxUnknown: 1,
    unknownHandoff: 0.6,
    optionShare: 0.3,
    requireKey: 0,
    answerClearAbove: 0.65,
    clearRatio: 0.4,
  },
};
