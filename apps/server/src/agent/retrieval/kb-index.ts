import { analyze } from '../../lib/text/analyzer.js';
import { foldText } from '../../lib/text/normalize.js';
import { type Passage, splitPassages } from '../../lib/text/passages.js';
import { stem } from '../../lib/text/stemmer.js';
import { RELATED } from '../../lib/text/synonyms.js';
import { type Aspect, askedAspects, asksForValue, aspectShare, statedAspects } from './aspects.js';
import { clausesOf } from './clauses.js';
import { isEverydayWord } from './common-words.js';
import { FuzzyVocabulary } from './fuzzy.js';
import { questionSignals } from './question-signals.js';
import { sentencesOf } from './sentences.js';
import { SpellingVocabulary, soundsOf } from './spelling.js';
import { DEFAULT_TUNING, type Tuning } from './tuning.js';
import { spellOut } from './vocabulary.js';

const TYPO_WEIGHT = [1, 0.85, 0.7] as const;
/** A word spelt by ear ("fika", "endereso") meets the word it sounds like at this weight… */
const SOUND_WEIGHT = 0.9;
/** …and a clipped word ("micro", "cross") the one word it begins, at this one. */
const CLIPPED_WEIGHT = 0.75;
/** The other gender of a word weighs this much. */
const GENDER_WEIGHT = 0.9;
/** A bare number weighs this much against a word: "6 kg", "3 anos" pull less toward a passage stating it. */
const NUMBER_WEIGHT = 0.5;
/** Words of the previous question (a follow-up's context) count this much against the question's own. */
const CONTEXT_WEIGHT = 0.5;
/** Learned pairs: seen together in at least this many sentences… */
const LEARNED_MIN_PAIRS = 2;
/** …in at least this share of the sentences of the question's word… */
const LEARNED_MIN_SHARE = 0.5;
/** …and at most this many companions per word. */
const LEARNED_PER_WORD = 3;
/** How many of the best BM25 passages are re-ranked by sentence coverage. */
const RERANKED = 20;
/** A sentence answers when it holds at least this share of the best sentence's weight… */
const ANSWER_SHARE = 0.6;
/** …up to this many sentences. */
const MAX_ANSWER_SENTENCES = 3;
/** A question whose weight the title holds this much of is the title's question. */
const TITLE_QUESTION_SHARE = 0.5;
/** A sentence that says the business does not do or have something. */
const NEGATIVE = /\b(?:nao|nem|nenhum|nenhuma)\b/;
/** Characters under which a sentence is a short statement rather than an explanation. */
const SHORT_SENTENCE = 80;
/** Characters under which the quoted sentences only say yes or no ("Buscamos!"): the next one follows. */
const SHORT_ANSWER = 40;
/** The key word is held by itself, a typo or spelling of it, not by a loosely related word. */
const KEY_MEMBER_WEIGHT = 0.7;
/** The idf of an everyday word the knowledge base never uses, as a share of the highest. */
const EVERYDAY_UNKNOWN_IDF = 0.3;
/** Words whose related words are about a place only in "onde fica?" ("quanto fica?" is a price). */
const PLACE_SENSE = new Set(['fica', 'ficar', 'fico', 'ficam', 'ficaria'].map(stem));
/** Characters up to which a passage is quoted whole (two or three sentences of one FAQ answer). */
const WHOLE_ANSWER = 320;
/** Sentences that only make sense after the one before them. */
const CONTINUES = /^(depois disso|nesse caso|nesses casos|nessa|nesse|isso|assim|caso contrario|por isso)\b/;

/**
 * A time said the spoken way ("às 6", "6 da manhã", "7 horas") written as the knowledge base writes it
 * ("6h"), so it meets "Segunda a sexta: 5h, 6h, 7h…" rather than any other 6.
 */
/** The other gender (and number) of a folded word: "veterinaria" → "veterinario", "gatas" → "gatos". */
function genderVariants(word: string): string[] {
  const m = /^(.{3,}?)(ora|or|eira|eiro|a|o)(s?)$/.exec(word);
  if (!m) return [];
  const [, root, ending, plural] = m;
  const swap: Record<string, string> = { a: 'o', o: 'a', ora: 'or', or: 'ora', eira: 'eiro', eiro: 'eira' };
  return [`${root}${swap[ending!]}${plural}`];
}

/** Folded words written in capitals, two to five letters ("IR", "MEI", "CNPJ"). */
function acronymsOf(text: string): Set<string> {
  return new Set((text.match(/\b[A-Z]{2,5}\b/g) ?? []).map((w) => w.toLowerCase()));
}

function withTimes(text: string): string {
  return text
    .replace(/\b(\d{1,2}) ?(?:hrs?|horas?)\b/gi, '$1h')
    .replace(/\b(\d{1,2})(?= (?:da|de) (?:manh[ãa]|tarde|noite|madrugada)\b)/gi, '$1h')
    .replace(
      // "às 6?", "até as 18, no sábado": a bare number after "às" that ends the phrase ("as 2 pizzas" does not).
      /\b((?:[àa]s|das|ate as|até as|ate às|até às|a partir das) )(\d{1,2})(?=\s*(?:$|[?!.,;]|ou\b|e\b|no\b|na\b|nos\b|aos\b|pra\b))/gi,
      '$1$2h',
    );
}

export interface ScoredPassage {
  passage: Passage;
  /** Ranking score: BM25, weighted by how much of the question one sentence holds. */
  score: number;
  /** BM25 score over the best score any passage could get for this question (0–1). */
  relevance: number;
  /** Share of the question's weight (idf) that this passage matches (0–1). */
  coverage: number;
  /** The same share within the title plus a single sentence: the best such sentence (0–1). */
  sentenceCoverage: number;
  /** Share of the question's own words this passage does not match at all (0–1). */
  missing: number;
  /** Share of the question's weight (idf) that the title alone matches (0–1). */
  titleCoverage: number;
  /** Share of the asked aspects (a price, a time, a place…) some sentence of the passage states (1: none asked). */
  aspectMatch: number;
  /**
   * Share of the title's own weight (idf) the question's words meet: the other direction of
   * `titleCoverage`. "vcs fazem adestramento?" meets "Vocês fazem microchip?" only in "fazem".
   */
  titleRecall: number;
  /** The passage states how long or by when ("em até 2 horas", "3 dias úteis"): it answers "…hoje?". */
  statesDuration: boolean;
}

export interface SearchResult {
  passages: ScoredPassage[];
  /** Content words of the question after stop words; 0 means small talk or empty. */
  termCount: number;
  /**
   * Share of the question's own words this knowledge base never uses, in any form (stem, typo fix,
   * related or learned word): a topic it does not cover (0–1).
   */
  unknown: number;
  /**
   * Of the question's words that are not everyday pt-BR words (those that name a topic: a product, a
   * service), the share this knowledge base never uses (0–1).
   */
  rare: number;
  /** The question is about the customer's own record, an incident or a complaint (0 or 1). */
  personal: number;
  /** The question asks about today, now or a coming event (0 or 1). */
  now: number;
  /** The question is about weather, sports, jobs or another subject no FAQ answers (0 or 1). */
  offTopic: number;
  /** The question's words (and the previous turn's, for a follow-up) as ranked: `answeringSentences` reuses them. */
  groups: readonly QueryGroup[];
  /** What the question asks of its topic (a price, a time, a place…); a follow-up's, from the previous turn. */
  aspects: readonly Aspect[];
  /**
   * The reply from the best passage: the sentences it quotes, the share of the question's own weight
   * they and the title hold, and whether they hold its most specific word.
   */
  answer: { sentences: string[]; coverage: number; keyHeld: boolean };
}

interface Posting {
  doc: number;
  tf: number;
}

/** One question word: the stems that satisfy it, with their weights, its idf and its own weight. */
export interface QueryGroup {
  /** The question's word as written (folded). */
  surface: string;
  members: { stem: string; weight: number }[];
  idf: number;
  weight: number;
  /** From the question itself (not from the previous turn). */
  own: boolean;
}

/** An in-memory BM25 index over the passages of one knowledge base. Immutable; rebuild to change. */
export class KnowledgeIndex {
  readonly passages: readonly Passage[];
  readonly tuning: Tuning;
  private readonly postings = new Map<string, Posting[]>();
  private readonly docTerms: Set<string>[] = [];
  /** Per passage: the stems of the title joined with each sentence (or `;` clause). */
  private readonly docUnits: Set<string>[][] = [];
  private readonly docTitles: Set<string>[] = [];
  /** Per passage: the aspects its sentences state. */
  private readonly docAspects: Set<Aspect>[] = [];
  private readonly docLength: number[] = [];
  private readonly averageLength: number;
  private readonly surfaceStem = new Map<string, string>();
  private readonly fuzzy: FuzzyVocabulary;
  private readonly spelling: SpellingVocabulary;
  /** Words the knowledge base writes in capitals ("MEI", "CNPJ"): an acronym, not a common word. */
  private readonly acronyms = new Set<string>();
  private readonly related = new Map<string, string[]>();
  /** Words of this knowledge base that its sentences use together: stem → [companion, share]. */
  private readonly learned = new Map<string, [string, number][]>();
  private readonly maxIdf: number;
  /** Each answered passage's sentences with their terms, analysed once (not at every reply). */
  private readonly answerUnits = new WeakMap<
    Passage,
    { sentences: string[]; terms: Set<string>[]; title: Set<string>; aspects: Set<Aspect>[] }
  >();

  constructor(passages: readonly Passage[], tuning: Tuning = DEFAULT_TUNING) {
    this.passages = passages;
    this.tuning = tuning;
    const sentenceCount = new Map<string, number>();
    const pairCount = new Map<string, Map<string, number>>();
    let sentences = 0;
    passages.forEach((passage, doc) => {
      const tf = new Map<string, number>();
      const count = (text: string, weight: number): Set<string> => {
        const tokens = analyze(text);
        for (const t of tokens) {
          tf.set(t.stem, (tf.get(t.stem) ?? 0) + weight);
          this.surfaceStem.set(t.surface, t.stem);
        }
        length += tokens.length * weight;
        return new Set(tokens.map((t) => t.stem));
      };
      let length = 0;
      const title = count(passage.title, tuning.titleWeight);
      count(passage.section ?? '', 1);
      const units: Set<string>[] = [];
      for (const sentence of sentencesOf(passage.text, { clauses: true })) {
        const terms = count(sentence, 1);
        units.push(new Set([...title, ...terms]));
        sentences++;
        for (const a of terms) {
          sentenceCount.set(a, (sentenceCount.get(a) ?? 0) + 1);
          const pairs = pairCount.get(a) ?? new Map<string, number>();
          pairCount.set(a, pairs);
          for (const b of terms) if (b !== a) pairs.set(b, (pairs.get(b) ?? 0) + 1);
        }
      }
      this.docUnits.push(units.length > 0 ? units : [title]);
      this.docAspects.push(statedAspects(passage.text));
      this.docTitles.push(title);
      this.docLength.push(length);
      this.docTerms.push(new Set(tf.keys()));
      for (const [term, n] of tf) {
        const list = this.postings.get(term);
        if (list) list.push({ doc, tf: n });
        else this.postings.set(term, [{ doc, tf: n }]);
      }
    });
    const total = this.docLength.reduce((a, b) => a + b, 0);
    this.averageLength = passages.length > 0 ? total / passages.length : 1;
    this.maxIdf = Math.log(1 + (passages.length + 0.5) / 0.5);
    this.fuzzy = new FuzzyVocabulary(this.surfaceStem.keys());
    for (const p of passages)
      for (const a of acronymsOf(`${p.title} ${p.section ?? ''} ${p.text}`)) this.acronyms.add(a);
    this.spelling = new SpellingVocabulary(
      passages.flatMap((p) => soundsOf(`${p.title} ${p.section ?? ''} ${p.text}`)),
      this.surfaceStem.keys(),
    );
    for (const group of RELATED) {
      const stems = [...new Set(group.flatMap((w) => analyze(w).map((t) => t.stem)))];
      for (const s of stems) {
        const others = stems.filter((o) => o !== s && this.postings.has(o));
        this.related.set(s, [...new Set([...(this.related.get(s) ?? []), ...others])]);
      }
    }
    // Companions that are everywhere (a business's name) say nothing about a topic.
    const common = Math.max(3, sentences / 8);
    for (const [a, pairs] of pairCount) {
      const own = sentenceCount.get(a)!;
      const companions: [string, number][] = [];
      for (const [b, n] of pairs) {
        const share = n / own;
        if (n >= LEARNED_MIN_PAIRS && share >= LEARNED_MIN_SHARE && sentenceCount.get(b)! <= common)
          companions.push([b, share]);
      }
      if (companions.length > 0)
        this.learned.set(a, companions.sort((x, y) => y[1] - x[1]).slice(0, LEARNED_PER_WORD));
    }
  }

  static fromContent(content: string, tuning: Tuning = DEFAULT_TUNING): KnowledgeIndex {
    return new KnowledgeIndex(splitPassages(content), tuning);
  }

  get vocabularySize(): number {
    return this.postings.size;
  }

  private idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.passages.length - df + 0.5) / (df + 0.5));
  }

  private groupsOf(written: string, weight: number, own: boolean, seen: Set<string>): QueryGroup[] {
    const groups: QueryGroup[] = [];
    const text = spellOut(
      written,
      (word) => this.surfaceStem.has(word),
      (word) => this.acronyms.has(word),
    );
    // "quanto fica?", "quero ficar loira": "ficar" leads to an address only when a place is asked.
    const asksPlace = askedAspects(text).includes('place');
    // "IR" (imposto de renda) is not the verb "ir" the knowledge base uses, unless it writes "IR" too.
    const capitals = /[a-z]/.test(text) ? acronymsOf(text) : new Set<string>();
    for (const token of analyze(text)) {
      if (capitals.has(token.surface) && !this.acronyms.has(token.surface)) {
        groups.push({ surface: token.surface, members: [], idf: this.maxIdf, weight, own });
        continue;
      }
      // A number the knowledge base never states ("meu filho de 15 anos") is the customer's own value,
      // not a topic: it neither ranks nor counts as a word the knowledge base lacks.
      if (/^\d+$/.test(token.surface) && !this.postings.has(token.stem)) continue;
      let primary = token.stem;
      let typo = 1;
      if (!this.postings.has(primary)) {
        const found = this.nearWord(token.surface);
        if (found) [primary, typo] = found;
      }
      if (seen.has(primary)) continue;
      seen.add(primary);
      const members = [{ stem: primary, weight: typo }];
      const add = (other: string, w: number): void => {
        if (other !== primary && !members.some((m) => m.stem === other))
          members.push({ stem: other, weight: w });
      };
      // The other gender of a noun ("veterinária" / "veterinário", "loira" / "loiro"): same word.
      for (const variant of genderVariants(token.surface)) {
        const other = this.surfaceStem.get(variant) ?? stem(variant);
        if (this.postings.has(other)) add(other, GENDER_WEIGHT * typo);
      }
      const placeOnly = PLACE_SENSE.has(token.stem) && !asksPlace;
      for (const other of placeOnly ? [] : (this.related.get(token.stem) ?? this.related.get(primary) ?? []))
        add(other, this.tuning.relatedWeight * typo);
      if (this.tuning.learnedWeight > 0) {
        for (const [other, share] of this.learned.get(primary) ?? [])
          add(other, this.tuning.learnedWeight * share * typo);
      }
      // A word no passage uses has no idf of its own: a rare one ("adestramento") is as specific as
      // any, an everyday one ("problema", "chegar", "moro") says little, and weighs as a common word.
      const idf = this.postings.has(primary)
        ? this.idf(primary)
        : isEverydayWord(token.surface)
          ? EVERYDAY_UNKNOWN_IDF * this.maxIdf
          : this.maxIdf;
      const numeric = /^\d+$/.test(token.surface) ? NUMBER_WEIGHT : 1;
      groups.push({ surface: token.surface, members, idf, weight: weight * numeric, own });
    }
    return groups;
  }

  /**
   * The knowledge base's stem a word it never uses most likely meant, and how sure: one that sounds
   * the same ("fika"), a typo away ("vacna"), or the one word it is the clipped start of ("micro").
   */
  private nearWord(surface: string): [stem: string, weight: number] | null {
    const stemOf = (word: string): string => this.surfaceStem.get(word) ?? stem(word);
    const sounded = this.spelling.soundsLike(surface);
    if (sounded && this.postings.has(stemOf(sounded))) return [stemOf(sounded), SOUND_WEIGHT];
    const near = this.fuzzy.nearest(surface);
    if (near && this.postings.has(stemOf(near.word)))
      return [stemOf(near.word), TYPO_WEIGHT[near.distance] ?? 0.7];
    const stems = new Set(this.spelling.extensionsOf(surface).map(stemOf));
    const [only] = stems;
    if (stems.size === 1 && only !== undefined && this.postings.has(only)) return [only, CLIPPED_WEIGHT];
    return null;
  }

  /**
   * The best `limit` passages for a question, best first (only passages that match something).
   * `context` (the previous question, for a follow-up) adds its words at a lower weight.
   */
  search(question: string, limit = 3, context?: string): SearchResult {
    const { k1, b, sentenceWeight, titleBonus, aspectWeight } = this.tuning;
    const seen = new Set<string>();
    // The clauses that ask first, so a word in both keeps the asking clause's weight.
    const clauses = clausesOf(withTimes(question)).sort((x, y) => Number(y.asks) - Number(x.asks));
    const groups = clauses.flatMap((c) =>
      this.groupsOf(c.text, c.asks ? 1 : this.tuning.backgroundWeight, true, seen),
    );
    const termCount = groups.length;
    // A word met only through a typo fix or a related word is partly unknown; background counts less.
    let ownWeight = 0;
    let unknownWords = 0;
    let topicWords = 0;
    let rareWords = 0;
    for (const g of groups) {
      let known = 0;
      for (const m of g.members) if (m.weight > known && this.postings.has(m.stem)) known = m.weight;
      ownWeight += g.weight;
      unknownWords += g.weight * (1 - Math.min(1, known));
      if (isEverydayWord(g.surface)) continue;
      topicWords += g.weight;
      rareWords += g.weight * (1 - Math.min(1, known));
    }
    const unknown = ownWeight > 0 ? unknownWords / ownWeight : 0;
    const rare = topicWords > 0 ? rareWords / topicWords : 0;
    const { personal, now, offTopic } = questionSignals(question);
    let aspects = askedAspects(question);
    if (context) {
      groups.push(...this.groupsOf(context, CONTEXT_WEIGHT, false, seen));
      // "e pra um de porte médio?" asks what the previous turn asked.
      if (aspects.length === 0) aspects = askedAspects(context);
    }
    const bm25 = new Float64Array(this.passages.length);
    for (const group of groups) {
      const best = new Map<number, number>();
      for (const member of group.members) {
        const postings = this.postings.get(member.stem);
        if (!postings) continue;
        const idf = this.idf(member.stem);
        for (const { doc, tf } of postings) {
          const norm = tf + k1 * (1 - b + (b * this.docLength[doc]!) / this.averageLength);
          const value = (group.weight * member.weight * idf * (tf * (k1 + 1))) / norm;
          if (value > (best.get(doc) ?? 0)) best.set(doc, value);
        }
      }
      for (const [doc, value] of best) bm25[doc]! += value;
    }
    const ideal = groups.reduce((sum, g) => sum + g.weight * g.idf * (k1 + 1), 0);
    const idfTotal = groups.reduce((sum, g) => sum + g.weight * g.idf, 0);
    const own = groups.reduce((sum, g) => sum + (g.own ? g.weight : 0), 0);
    // Sentence coverage re-ranks the best BM25 candidates only: enough to reorder the head, and the
    // cost stays flat on a large knowledge base.
    const ranked: number[] = [];
    for (let doc = 0; doc < bm25.length; doc++) if (bm25[doc]! > 0) ranked.push(doc);
    ranked.sort((x, y) => bm25[y]! - bm25[x]!);
    const matchIn = (terms: Set<string>, g: QueryGroup): number => {
      let best = 0;
      for (const m of g.members) if (m.weight > best && terms.has(m.stem)) best = m.weight;
      return best;
    };
    // Each knowledge-base stem the question's own words meet, and how well.
    const met = new Map<string, number>();
    for (const g of groups) {
      if (!g.own) continue;
      for (const m of g.members)
        if (m.weight > (met.get(m.stem) ?? 0)) met.set(m.stem, Math.min(1, m.weight));
    }
    const candidates: ScoredPassage[] = [];
    for (const doc of ranked.slice(0, RERANKED)) {
      let titleWeight = 0;
      let titleMet = 0;
      for (const t of this.docTitles[doc]!) {
        const idf = this.idf(t);
        titleWeight += idf;
        titleMet += (met.get(t) ?? 0) * idf;
      }
      let matched = 0;
      let missing = 0;
      let inTitle = 0;
      for (const g of groups) {
        const m = matchIn(this.docTerms[doc]!, g);
        matched += m * g.weight * g.idf;
        inTitle += matchIn(this.docTitles[doc]!, g) * g.weight * g.idf;
        if (g.own && m === 0) missing += g.weight;
      }
      let sentence = 0;
      for (const unit of this.docUnits[doc]!) {
        let inUnit = 0;
        for (const g of groups) inUnit += matchIn(unit, g) * g.weight * g.idf;
        if (inUnit > sentence) sentence = inUnit;
      }
      const sentenceCoverage = idfTotal > 0 ? sentence / idfTotal : 0;
      const titleCoverage = idfTotal > 0 ? inTitle / idfTotal : 0;
      const aspectMatch = aspectShare(aspects, this.docAspects[doc]!);
      candidates.push({
        passage: this.passages[doc]!,
        score:
          bm25[doc]! *
          (1 - sentenceWeight + sentenceWeight * sentenceCoverage) *
          (1 + titleBonus * titleCoverage) *
          (1 - aspectWeight * (1 - aspectMatch)),
        relevance: ideal > 0 ? Math.min(1, bm25[doc]! / ideal) : 0,
        coverage: idfTotal > 0 ? matched / idfTotal : 0,
        sentenceCoverage,
        missing: own > 0 ? missing / own : 0,
        titleCoverage,
        aspectMatch,
        titleRecall: titleWeight > 0 ? titleMet / titleWeight : 0,
        statesDuration: this.docAspects[doc]!.has('duration'),
      });
    }
    candidates.sort((x, y) => y.score - x.score);
    const result: SearchResult = {
      passages: candidates.slice(0, limit),
      termCount,
      unknown,
      rare,
      personal,
      now,
      offTopic,
      groups,
      aspects,
      answer: { sentences: [], coverage: 0, keyHeld: false },
    };
    // What a reply from the best passage would quote, and how much of the question it holds.
    const best = candidates[0];
    if (best) {
      // The features read the focused sentences; the reply may quote a short answer whole.
      const focus = this.focusSentences(result, best.passage);
      result.answer = {
        sentences: this.quoted(best.passage, focus),
        coverage: this.answerCoverage(result, best.passage, focus),
        keyHeld: this.holdsKey(result, best.passage, focus),
      };
    }
    return result;
  }

  /**
   * Share of the question's own weight (its words, typo fixes and variants) that the passage's title
   * and these sentences hold: how much of the question a reply quoting them answers (0–1).
   */
  answerCoverage({ groups }: SearchResult, passage: Passage, sentences: readonly string[]): number {
    const terms = new Set(analyze(passage.title).map((t) => t.stem));
    for (const sentence of sentences) for (const t of analyze(sentence)) terms.add(t.stem);
    let total = 0;
    let held = 0;
    for (const g of groups) {
      if (!g.own) continue;
      total += g.idf;
      let best = 0;
      for (const m of g.members) if (m.weight > best && terms.has(m.stem)) best = m.weight;
      held += Math.min(1, best) * g.idf;
    }
    return total > 0 ? held / total : 0;
  }

  /**
   * Whether the passage's title and these sentences hold the question's most specific own word (the
   * highest idf of the asking clauses): "qto ta a mensalidade do box?" is not answered by "A matrícula
   * custa R$ 100 e inclui uma camiseta do box", however well "box" and the price match.
   */
  holdsKey({ groups }: SearchResult, passage: Passage, sentences: readonly string[]): boolean {
    let key: QueryGroup | undefined;
    // A word the knowledge base never uses is the share of unknown words' concern, not the key: the
    // key is the most specific word it does use ("banho" in "qto ta o banho pra um shih tzu?"). A
    // word that asks for a kind of value ("custa", "valor", "horário", "prazo") names the aspect, not
    // the topic: knowledge bases state prices as "R$ 260", rarely as "custa", so its idf is high and it
    // would be the key of every price question ("qto ta a mensalidade?" is about "mensalidade").
    for (const g of groups)
      if (
        g.own &&
        g.weight >= 1 &&
        (!key || g.idf > key.idf) &&
        g.members.some((m) => this.postings.has(m.stem)) &&
        !asksForValue(g.surface)
      )
        key = g;
    if (!key) return true;
    const terms = new Set(analyze(passage.title).map((t) => t.stem));
    for (const sentence of sentences) for (const t of analyze(sentence)) terms.add(t.stem);
    return key.members.some((m) => m.weight >= KEY_MEMBER_WEIGHT && terms.has(m.stem));
  }

  /**
   * The sentences of a passage that answer the searched question, in the passage's order: those
   * holding most of the question's weight (its words, typo fixes and variants; a follow-up's previous
   * turn at a lower weight), the passage's opening "Sim"/"Não" when it is not among them, the opening
   * sentence when the question is the title's own, and the sentence a chosen one continues.
   * Nothing matched in any sentence (the title answered it): the opening sentences.
   */
  answeringSentences(result: SearchResult, passage: Passage): string[] {
    return this.quoted(passage, this.focusSentences(result, passage));
  }

  /**
   * A short answer is quoted whole: the business wrote it as one reply, and a condition, a price or an
   * exception dropped from two or three sentences is the fact that was asked ("Micropigmentação a
   * gente não faz." after "Fazemos design de sobrancelha…"). Longer passages keep the chosen sentences.
   */
  private quoted(passage: Passage, focus: string[]): string[] {
    if (passage.text.length > WHOLE_ANSWER) return focus;
    const all = this.answerUnits.get(passage)?.sentences ?? sentencesOf(passage.text);
    return all.length > 0 ? [...all] : focus;
  }

  /** The sentences that answer the question itself (see `answeringSentences`), before any whole quote. */
  focusSentences({ groups, aspects }: SearchResult, passage: Passage): string[] {
    let units = this.answerUnits.get(passage);
    if (!units) {
      const texts = sentencesOf(passage.text);
      const termsOf = (text: string) => new Set(analyze(text).map((t) => t.stem));
      units = {
        sentences: texts,
        terms: texts.map(termsOf),
        title: termsOf(passage.title),
        aspects: texts.map(statedAspects),
      };
      this.answerUnits.set(passage, units);
    }
    const { sentences } = units;
    const scoreOf = (terms: Set<string>): number => {
      let score = 0;
      for (const g of groups) {
        let best = 0;
        for (const m of g.members) if (m.weight > best && terms.has(m.stem)) best = m.weight;
        // Squared: the sentence with the customer's own word ("domingos") beats one that only has
        // its relatives ("segunda a sexta", "sábados").
        score += best * best * g.weight * g.idf;
      }
      return score;
    };
    const scores = units.terms.map(scoreOf);
    const top = Math.max(0, ...scores);
    const chosen = new Set<number>();
    if (top === 0) {
      if (aspects.length === 0) return sentences.slice(0, sentences[0] && sentences[0].length < 120 ? 2 : 1);
    } else {
      for (const s of scores
        .map((score, i) => ({ score, i }))
        .filter((s) => s.score >= ANSWER_SHARE * top)
        .sort((a, b) => b.score - a.score)
        .slice(0, MAX_ANSWER_SENTENCES))
        chosen.add(s.i);
      if (!chosen.has(0) && /^(sim|nao)\b/.test(foldText(sentences[0] ?? '')) && sentences[0]!.length < 100)
        chosen.add(0);
      // The question is the title's question: its direct answer is the opening sentence.
      const total = groups.reduce((sum, g) => sum + g.weight * g.idf, 0);
      if (total > 0 && scoreOf(units.title) >= TITLE_QUESTION_SHARE * total) chosen.add(0);
    }
    // Asked a price, a time, a place…: the sentence that states it answers, even when another one
    // shares more of the question's words ("quanto cobram pra migrar?" → "…a migração por R$ 350").
    for (const aspect of aspects) {
      if ([...chosen].some((i) => units.aspects[i]!.has(aspect))) continue;
      let pick = -1;
      units.aspects.forEach((held, i) => {
        if (held.has(aspect) && (pick < 0 || scores[i]! > scores[pick]!)) pick = i;
      });
      if (pick >= 0) chosen.add(pick);
    }
    if (chosen.size === 0) return sentences.slice(0, sentences[0] && sentences[0].length < 120 ? 2 : 1);
    for (const i of [...chosen]) if (i > 0 && CONTINUES.test(foldText(sentences[i]!))) chosen.add(i - 1);
    // A lone "we don't" ("A escola não tem transporte próprio.") is followed by what the business offers
    // instead ("Indicamos três transportadores escolares…"): a bare refusal answers half the question.
    // Only when that sentence holds one of the question's own words: "Não abrimos aos domingos." needs
    // nothing more.
    const [only] = chosen;
    if (chosen.size === 1 && only !== undefined && only + 1 < sentences.length) {
      const sentence = sentences[only]!;
      const next = units.terms[only + 1]!;
      const meetsQuestion = groups.some(
        (g) => g.own && g.members[0] !== undefined && next.has(g.members[0].stem),
      );
      if (sentence.length < SHORT_SENTENCE && NEGATIVE.test(foldText(sentence)) && meetsQuestion)
        chosen.add(only + 1);
    }
    // "Buscamos!" or "Consegue." alone says yes but not how: the sentence after it does.
    const last = Math.max(...chosen);
    const said = [...chosen].reduce((n, i) => n + sentences[i]!.length, 0);
    if (said < SHORT_ANSWER && last + 1 < sentences.length) chosen.add(last + 1);
    return sentences.filter((_, i) => chosen.has(i));
  }
}
