import { describe, expect, it } from 'vitest';
import { budgetChecks, scoreBusiness } from './business-score.js';
import type { ItemOutcome } from './cross-domain.js';
import { loadBusiness, loadSplit } from './domains.js';

type Shape = Partial<ItemOutcome> & { expect?: string[]; facts?: string[]; kind?: string };

const outcome = ({ expect = [], facts = [], kind = 'paraphrase', ...rest }: Shape): ItemOutcome => ({
  item: { id: 'x', question: 'q', expect, facts, kind },
  answered: true,
  evidence: [],
  text: '',
  confidence: 0.9,
  latencyMs: 0,
  clarified: false,
  offered: [],
  retrieved: [],
  smallTalk: false,
  ...rest,
});

describe('scoreBusiness', () => {
  it('counts an answer right only with the fact asked for, and wrong at once without it', () => {
    const price = { expect: ['banho/preco'], facts: ['R$ 55'], evidence: ['banho/preco'] };
    const s = scoreBusiness([
      outcome({ ...price, text: 'Pequenos: R$ 55.' }),
      // The right passage, its opening line, not the price: confidently wrong.
      outcome({ ...price, text: 'Depende do porte.' }),
      outcome({ ...price, text: 'O banho sai R$ 55.', clarified: true }),
    ]);
    expect(s.rightAtOnce).toBe(1 / 3);
    expect(s.rightAfterQuestion).toBe(1 / 3);
    expect(s.right).toBe(2 / 3);
    expect(s.confidentlyWrong).toBe(1 / 3);
    expect(s.clarified).toBe(1 / 3);
    expect(s.aspectQuoted).toBe(2 / 3);
  });

  it('holds handoffs and small talk to their kinds', () => {
    const s = scoreBusiness([
      outcome({ kind: 'complaint', answered: false }),
      outcome({ kind: 'own-status', answered: false, clarified: true }),
      outcome({ kind: 'advice', evidence: ['x'], text: 'Depende.' }),
      outcome({ kind: 'closing', smallTalk: true, text: 'Por nada!' }),
      outcome({ kind: 'closing', answered: false }),
      outcome({ kind: 'small-talk', text: 'O banho sai R$ 55.' }),
    ]);
    expect(s.handoffRecall).toBe(2 / 3);
    expect(s.quietDisturbed).toBe(1);
    expect(s.quietAnswered).toBe(1);
    // The advice answered and the small talk answered from the knowledge base.
    expect(s.confidentlyWrong).toBe(2 / 6);
    expect(budgetChecks(s).find((c) => c.label.startsWith('Conversa'))?.ok).toBe(false);
  });
});

describe('the blind-written businesses', () => {
  it('split 4 for tuning and 12 held out, every one loading with labelled items', () => {
    const split = loadSplit();
    expect(split.tuning).toHaveLength(4);
    expect(split.heldout).toHaveLength(12);
    expect(new Set([...split.tuning, ...split.heldout]).size).toBe(16);
    // Loaded, never printed: their items stay unread.
    for (const name of [...split.tuning, ...split.heldout]) {
      const business = loadBusiness(name);
      expect(business.items.length, name).toBeGreaterThanOrEqual(40);
      expect(business.knowledgeBase.length, name).toBeGreaterThan(500);
    }
  });
});
