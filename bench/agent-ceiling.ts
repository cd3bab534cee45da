/**
 * How far the offline agent's confidence can go, on the training domains only (the held-out businesses
 * are never read here). Each domain is scored with the calibration fitted on the other nine, as the
 * bench fits the decision. For the messages with one question that reach retrieval:
 * - the ceiling: the answerable ones whose first passage is the expected one and whose quote holds the
 *   fact (what a perfect confidence would answer at once);
 * - the best one threshold on the calibrated confidence does: right at once, at each share of all
 *   messages answered wrong at once (a wrong passage, a quote without the fact, or a message that needed
 *   a person).
 *   npm run bench:agent-ceiling
 */

import { classOf } from '../apps/server/src/agent/eval/business-score.js';
import { fitDecision } from '../apps/server/src/agent/eval/cross-domain.js';
import { bandRows } from '../apps/server/src/agent/eval/fit-band.js';
import { trainingDomains, tuningBusinesses } from '../apps/server/src/agent/eval/heldout-eval.js';
import { calibrate, featuresOf } from '../apps/server/src/agent/retrieval/confidence.js';
import { DEFAULT_TUNING } from '../apps/server/src/agent/retrieval/tuning.js';

interface Scored {
  domain: string;
  confidence: number;
  /** Answered at once from the first passage, the reply would be right. */
  right: boolean;
}

const WRONG_SHARES = [0.005, 0.01, 0.02, 0.03] as const;
const training = trainingDomains();
const scored: Scored[] = [];
for (const domain of training) {
  const { calibration } = fitDecision(
    training.filter((d) => d !== domain),
    DEFAULT_TUNING,
  );
  for (const row of bandRows([domain], DEFAULT_TUNING, 0)) {
    if (row.kind === 'quiet' || row.settled || row.multi || !row.part) continue;
    const features = featuresOf(row.part.search);
    if (!features) continue;
    const top = row.part.search.passages[0]!.passage.id;
    scored.push({
      domain: domain.name,
      confidence: calibrate(features, calibration),
      right: row.kind === 'answerable' && row.answers.get(top) === true,
    });
  }
}

const pct = (n: number, of: number): string => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
function report(label: string, names: ReadonlySet<string>): void {
  const items = training.filter((d) => names.has(d.name)).flatMap((d) => d.items);
  const answerable = items.filter((i) => classOf(i) === 'answerable').length;
  const messages = items.filter((i) => classOf(i) !== 'quiet').length;
  const mine = scored.filter((s) => names.has(s.domain)).sort((a, b) => b.confidence - a.confidence);
  const ceiling = mine.filter((s) => s.right).length;
  // Walking down the confidences: the right answers taken before each share of wrong ones is passed.
  const atShare = WRONG_SHARES.map((share) => {
    let right = 0;
    let wrong = 0;
    for (const s of mine) {
      if (s.right) right++;
      else if (++wrong / messages > share) return right;
    }
    return right;
  });
  console.info(
    `${label.padEnd(22)} ${String(answerable).padStart(10)} ${pct(ceiling, answerable).padStart(9)} ` +
      atShare.map((r) => pct(r, answerable).padStart(9)).join(' '),
  );
}

console.info(
  'Teto do agente offline nos domínios de treino (calibração ajustada nos outros nove, por domínio).\n' +
    'teto: das respondíveis, a 1ª passagem é a esperada e a citação traz o fato (confiança perfeita);\n' +
    'err ≤ x: certas já com o melhor limiar único da confiança, errando já em no máximo x de todas as mensagens.\n',
);
console.info(
  `${'domínios'.padEnd(22)} ${'respondív.'.padStart(10)} ${'teto'.padStart(9)} ` +
    WRONG_SHARES.map((s) => `err ≤ ${(s * 100).toFixed(1)}%`.padStart(9)).join(' '),
);
report('os 4 de ajuste', new Set(tuningBusinesses().map((d) => d.name)));
report('os 10 de treino', new Set(training.map((d) => d.name)));
