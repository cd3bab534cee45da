import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { KNOWLEDGE_BASE_ID, readKnowledgeBase } from '../modules/knowledge-base/knowledge-base.repository.js';
import { KnowledgeIndex } from './retrieval/kb-index.js';

/**
 * The current index of the knowledge base; replaced whole (atomically) when the text is saved. Saves in
 * this process arrive through `replace` at once; `refresh` compares the stored `updated_at` with the
 * indexed one, so a save made by another process (or a seed) is picked up before the next answer.
 */
export class KnowledgeIndexStore {
  private index = KnowledgeIndex.fromContent('');
  private builtAt = 0;
  private buildMs = 0;
  /** `updated_at` of the indexed text; null when unknown (rebuilt from an event). */
  private version: number | null | undefined;

  get current(): KnowledgeIndex {
    return this.index;
  }

  get stats(): { passages: number; builtAt: number; buildMs: number } {
    return { passages: this.index.passages.length, builtAt: this.builtAt, buildMs: this.buildMs };
  }

  replace(content: string, version: number | null = null): void {
    const started = performance.now();
    this.index = KnowledgeIndex.fromContent(content);
    this.buildMs = performance.now() - started;
    this.builtAt = Date.now();
    this.version = version;
  }

  /** Rebuilds from the database when the stored text is not the indexed one. */
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
    const row = await db
      .selectFrom('knowledge_base')
      .select('updated_at')
      .where('id', '=', KNOWLEDGE_BASE_ID)
      .executeTakeFirst();
    const stored = row ? Number(row.updated_at) : 0;
    if (this.version === stored) return;
    const kb = await readKnowledgeBase(db);
    this.replace(kb.content, kb.updatedAt ? Date.parse(kb.updatedAt) : 0);
  }
}
