import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TUNING } from '../retrieval/tuning.js';
import { scoreBusiness } from './business-score.js';
import { loadBusiness, loadBusinessesIn, loadSplit } from './domains.js';
import { evaluateBusinesses } from './heldout-eval.js';

const heldout = (file: string): string => fileURLToPath(new URL(`./heldout/${file}`, import.meta.url));

describe('another folder of blind businesses (bench:agent --heldout-dir)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atende-heldout-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads every business of the folder and scores it in aggregate', async () => {
    // A copy of a tuning business, and one whose questions name no knowledge-base file (`<name>.md`).
    const [first, second] = loadSplit().tuning as [string, string];
    copyFileSync(heldout(`${first}.md`), join(dir, `${first}.md`));
    copyFileSync(heldout(`${first}.questions.json`), join(dir, `${first}.questions.json`));
    const { knowledgeBase: _, ...rest } = JSON.parse(
      readFileSync(heldout(`${second}.questions.json`), 'utf8'),
    ) as Record<string, unknown>;
    writeFileSync(join(dir, `${second}.questions.json`), JSON.stringify(rest));
    copyFileSync(heldout(`${second}.md`), join(dir, `${second}.md`));
    writeFileSync(join(dir, 'README.md'), '# not a business\n');

    const businesses = loadBusinessesIn(dir);
    expect(businesses.map((b) => b.name)).toEqual([first, second].sort());
    for (const b of businesses) {
      const original = loadBusiness(b.name);
      expect(b.knowledgeBase).toBe(original.knowledgeBase);
      expect(b.items).toEqual(original.items);
    }
    const reports = await evaluateBusinesses(businesses, DEFAULT_TUNING);
    const pooled = scoreBusiness(reports.flatMap((r) => r.outcomes));
    expect(pooled.answerable + pooled.mustHandOff + pooled.quiet).toBe(
      businesses.reduce((n, b) => n + b.items.length, 0),
    );
    expect(pooled.right).toBeGreaterThan(0.5);
  });
});
