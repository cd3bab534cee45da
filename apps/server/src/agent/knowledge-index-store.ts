import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { knowledgeBaseVersion, readKnowledgeBase } from './knowledge-base/knowledge-base.repository.js';
import { KnowledgeIndex } from './retrieval/kb-index.js';

/** The last re-index that failed: the previous index kept serving. Cleared by the next success. */
export interface IndexFailure {
  at: number;
  message: string;
}

export interface KnowledgeIndexStoreOptions {
  /** Builds an index from the text (tests inject a failing one). */
  build?: (content: string) => KnowledgeIndex;
  /** Told of a failed re-index (the server logs it for the admin). */
  onFailure?: (error: unknown) => void;
}

/**
 * The current index of the knowledge base; replaced whole (atomically) when the text is saved. Saves in
 * this process arrive through `replace` at once; `refresh` compares the stored `updated_at` with the
 * indexed one, so a save made by another process (or a seed) is picked up before the next answer.
 *
 * A text that fails to index never switches the agent off: the previous index keeps answering, the
 * failure is recorded in `stats.failure` (and reported to `onFailure`), and that text is not retried
 * until it changes again.
 */
export class KnowledgeIndexStore {
  private index = KnowledgeIndex.fromContent('');
  private builtAt = 0;
  private buildMs = 0;
  private failure: IndexFailure | null = null;
  /** `updated_at` of the indexed (or last attempted) text; null when unknown (rebuilt from an event). */
  private version: number | null | undefined;
  private readonly build: (content: string) => KnowledgeIndex;
  private readonly onFailure: ((error: unknown) => void) | undefined;

  constructor(options: KnowledgeIndexStoreOptions = {}) {
    this.build = options.build ?? ((content) => KnowledgeIndex.fromContent(content));
    this.onFailure = options.onFailure;
  }

  get current(): KnowledgeIndex {
    return this.index;
  }

  get stats(): { passages: number; builtAt: number; buildMs: number; failure: IndexFailure | null } {
    return {
      passages: this.index.passages.length,
      builtAt: this.builtAt,
      buildMs: this.buildMs,
      failure: this.failure,
    };
  }

  /**
   * Indexes `content`; on failure keeps the previous index, records the failure and throws it (the
   * knowledge-base module logs a failed listener). `refresh` swallows it instead.
   */
  replace(content: string, version: number | null = null): void {
    const started = performance.now();
    this.version = version;
    let next: KnowledgeIndex;
    try {
      next = this.build(content);
    } catch (error) {
      this.failure = { at: Date.now(), message: error instanceof Error ? error.message : String(error) };
      this.onFailure?.(error);
      throw error;
    }
    this.index = next;
    this.failure = null;
    this.buildMs = performance.now() - started;
    this.builtAt = Date.now();
  }

  /** Rebuilds from the database when the stored text is not the indexed one. Never throws on a bad text. */
  refresh(db: Kysely<Database>): Promise<void> {
    // Jobs running at once share one check (and at most one rebuild) instead of each rebuilding.
    if (!this.refreshing) {
      this.refreshing = this.check(db).finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private refreshing: Promise<void> | null = null;

  private async check(db: Kysely<Database>): Promise<void> {
    const stored = await knowledgeBaseVersion(db);
    if (this.version === stored) return;
    const kb = await readKnowledgeBase(db);
    try {
      this.replace(kb.content, kb.updatedAt ? Date.parse(kb.updatedAt) : 0);
    } catch {
      // Recorded in `failure`; the previous index keeps answering.
    }
  }
}
