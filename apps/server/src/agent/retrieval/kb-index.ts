import { analyze } from './analyzer.js';
import { FuzzyVocabulary } from './fuzzy.js';
import { type Passage, splitPassages } from './passages.js';
import { stem } from './stemmer.js';
import { RELATED } from './synonyms.js';

/** BM25 parameters; the title counts TITLE_WEIGHT times, the section heading once. */
const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 3;
const RELATED_WEIGHT = 0.5;
const TYPO_WEIGHT = [1, 0.85, 0.7] as const;

export interface ScoredPassage {
  passage: Passage;
  /** Raw BM25 score. */
  score: number;
  /** Score over the best score any passage could get for this question (0–1). */
  relevance: number;
  /** Share of the question's weight (idf) that this passage matches (0–1). */
  coverage: number;
}

export interface SearchResult {
  passages: ScoredPassage[];
  /** Content words of the question after stop words; 0 means small talk or empty. */
  termCount: number;
}

interface Posting {
  doc: number;
  tf: number;
}

/** One question word: the stems that satisfy it, with their weights, and its idf. */
interface QueryGroup {
  members: { stem: string; weight: number }[];
  idf: number;
}

/** An in-memory BM25 index over the passages of one knowledge base. Immutable; rebuild to change. */
export class KnowledgeIndex {
  readonly passages: readonly Passage[];
  private readonly postings = new Map<string, Posting[]>();
  private readonly docTerms: Set<string>[] = [];
  private readonly docLength: number[] = [];
  private readonly averageLength: number;
  private readonly surfaceStem = new Map<string, string>();
  private readonly fuzzy: FuzzyVocabulary;
  private readonly related = new Map<string, string[]>();
  private readonly maxIdf: number;

  constructor(passages: readonly Passage[]) {
    this.passages = passages;
    passages.forEach((passage, doc) => {
      const tf = new Map<string, number>();
      const count = (text: string, weight: number): number => {
        const tokens = analyze(text);
        for (const t of tokens) {
          tf.set(t.stem, (tf.get(t.stem) ?? 0) + weight);
          this.surfaceStem.set(t.surface, t.stem);
        }
        return tokens.length * weight;
      };
      const length =
        count(passage.title, TITLE_WEIGHT) + count(passage.section ?? '', 1) + count(passage.text, 1);
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
    for (const group of RELATED) {
      const stems = [...new Set(group.flatMap((w) => analyze(w).map((t) => t.stem)))];
      for (const s of stems) {
        const others = stems.filter((o) => o !== s && this.postings.has(o));
        this.related.set(s, [...new Set([...(this.related.get(s) ?? []), ...others])]);
      }
    }
  }

  static fromContent(content: string): KnowledgeIndex {
    return new KnowledgeIndex(splitPassages(content));
  }

  get vocabularySize(): number {
    return this.postings.size;
  }

  private idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.passages.length - df + 0.5) / (df + 0.5));
  }

  private groupsOf(question: string): QueryGroup[] {
    const groups: QueryGroup[] = [];
    const seen = new Set<string>();
    for (const token of analyze(question)) {
      let primary = token.stem;
      let weight = 1;
      if (!this.postings.has(primary)) {
        const near = this.fuzzy.nearest(token.surface);
        const nearStem = near ? (this.surfaceStem.get(near.word) ?? stem(near.word)) : null;
        if (near && nearStem && this.postings.has(nearStem)) {
          primary = nearStem;
          weight = TYPO_WEIGHT[near.distance] ?? 0.7;
        }
      }
      if (seen.has(primary)) continue;
      seen.add(primary);
      const members = [{ stem: primary, weight }];
      for (const other of this.related.get(token.stem) ?? this.related.get(primary) ?? []) {
        if (other !== primary) members.push({ stem: other, weight: RELATED_WEIGHT * weight });
      }
      const idf = this.postings.has(primary) ? this.idf(primary) : this.maxIdf;
      groups.push({ members, idf });
    }
    return groups;
  }

  /** The best `limit` passages for a question, best first (only passages that match something). */
  search(question: string, limit = 3): SearchResult {
    const groups = this.groupsOf(question);
    const scores = new Float64Array(this.passages.length);
    for (const group of groups) {
      const best = new Map<number, number>();
      for (const member of group.members) {
        const postings = this.postings.get(member.stem);
        if (!postings) continue;
        const idf = this.idf(member.stem);
        for (const { doc, tf } of postings) {
          const norm = tf + K1 * (1 - B + (B * this.docLength[doc]!) / this.averageLength);
          const value = (member.weight * idf * (tf * (K1 + 1))) / norm;
          if (value > (best.get(doc) ?? 0)) best.set(doc, value);
        }
      }
      for (const [doc, value] of best) scores[doc]! += value;
    }
    const ideal = groups.reduce((sum, g) => sum + g.idf * (K1 + 1), 0);
    const idfTotal = groups.reduce((sum, g) => sum + g.idf, 0);
    const ranked: number[] = [];
    for (let doc = 0; doc < scores.length; doc++) if (scores[doc]! > 0) ranked.push(doc);
    ranked.sort((a, b) => scores[b]! - scores[a]!);
    const passages = ranked.slice(0, limit).map((doc) => {
      const terms = this.docTerms[doc]!;
      let matched = 0;
      for (const group of groups) {
        let best = 0;
        for (const m of group.members) if (terms.has(m.stem) && m.weight > best) best = m.weight;
        matched += best * group.idf;
      }
      return {
        passage: this.passages[doc]!,
        score: scores[doc]!,
        relevance: ideal > 0 ? Math.min(1, scores[doc]! / ideal) : 0,
        coverage: idfTotal > 0 ? matched / idfTotal : 0,
      };
    });
    return { passages, termCount: groups.length };
  }
}
