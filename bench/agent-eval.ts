/**
 * Agent quality and latency on the labelled pt-BR evaluation set (issue 6 budgets).
 *   npm run bench:agent                 → figures, PASS/FAIL per budget, exit 1 on a FAIL
 *   npm run bench:agent -- --verbose    → plus every miss
 *   npm run bench:agent -- --calibrate  → refit the confidence calibration and print it
 */

import { agentConfigSchema } from '@atende/contracts';
import { fitLogistic } from '../apps/server/src/agent/eval/fit-calibration.js';
import { BUDGETS, runEval } from '../apps/server/src/agent/eval/run-eval.js';
import { asksForPerson } from '../apps/server/src/agent/handoff-intent.js';
import { calibrate } from '../apps/server/src/agent/retrieval/confidence.js';

const args = new Set(process.argv.slice(2));
const report = await runEval();
const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
const line = (label: string, value: string, ok: boolean | null, budget = ''): void => {
  const verdict = ok === null ? '' : ok ? 'PASS' : 'FAIL';
  console.info(`${label.padEnd(44)} ${value.padStart(9)}  ${budget.padEnd(10)} ${verdict}`);
};

console.info(`Agente de IA — avaliação (${report.inScope} no escopo, ${report.outOfScope} fora do escopo)\n`);
line(
  'Acurácia no escopo (passagem certa e respondida)',
  pct(report.accuracy),
  report.accuracy >= BUDGETS.accuracy,
  '≥ 85%',
);
line(
  'Handoff fora do escopo — recall',
  pct(report.handoffRecall),
  report.handoffRecall >= BUDGETS.handoffRecall,
  '≥ 90%',
);
line('Handoff — precisão', pct(report.handoffPrecision), null);
line('Latência da resposta p50', `${report.p50Ms.toFixed(2)} ms`, null);
line('Latência da resposta p99', `${report.p99Ms.toFixed(2)} ms`, report.p99Ms <= BUDGETS.p99Ms, '≤ 20 ms');
line(
  'p99 com base de 500 passagens',
  `${report.largeKbP99Ms.toFixed(2)} ms`,
  report.largeKbP99Ms <= BUDGETS.p99Ms,
  '≤ 20 ms',
);
line('Indexação da base de 500 passagens', `${report.largeKbBuildMs.toFixed(1)} ms`, null);

if (args.has('--verbose')) {
  console.info('\nErros:');
  for (const o of report.outcomes) {
    const expected = o.item.expectedPassageId;
    const ok = expected === null ? !o.answered : o.answered && o.topPassageId === expected;
    if (!ok) {
      console.info(
        `  ${o.item.id} "${o.item.question}" → ${o.answered ? 'respondeu' : 'handoff'} top=${o.topPassageId} conf=${o.confidence} esperado=${expected}`,
        o.features,
      );
    }
  }
}

if (args.has('--calibrate')) {
  const rows = report.outcomes
    .filter((o) => o.features !== null)
    .map((o) => ({
      features: o.features!,
      label: (o.item.expectedPassageId !== null && o.topPassageId === o.item.expectedPassageId ? 1 : 0) as
        | 0
        | 1,
    }));
  const fitted = fitLogistic(rows);
  console.info('\nCalibração ajustada (cole em agent/retrieval/confidence.ts):', fitted);
  for (const o of report.outcomes.filter((x) => x.features)) {
    if (args.has('--verbose')) console.info(`  ${o.item.id} ${calibrate(o.features!, fitted).toFixed(3)}`);
  }
  // 5-fold cross-validation: fit on four fifths, decide the held-out fifth (honest generalisation).
  const threshold = agentConfigSchema.parse({}).confidenceThreshold;
  let correct = 0;
  let inScope = 0;
  let handedOff = 0;
  let outScope = 0;
  report.outcomes.forEach((o, i) => {
    const train = report.outcomes
      .filter((x, j) => j % 5 !== i % 5 && x.features)
      .map((x) => ({
        features: x.features!,
        label: (x.item.expectedPassageId !== null && x.topPassageId === x.item.expectedPassageId ? 1 : 0) as
          | 0
          | 1,
      }));
    const coefficients = fitLogistic(train, { steps: 5000 });
    const person = asksForPerson(o.item.question, agentConfigSchema.parse({}).handoffKeywords);
    const answered = !person && o.features !== null && calibrate(o.features, coefficients) >= threshold;
    if (o.item.expectedPassageId === null) {
      outScope++;
      if (!answered) handedOff++;
    } else {
      inScope++;
      if (answered && o.topPassageId === o.item.expectedPassageId) correct++;
    }
  });
  console.info(
    `Validação cruzada (5 partes): acurácia ${pct(correct / inScope)}, recall de handoff ${pct(handedOff / outScope)}`,
  );
}

const failed =
  report.accuracy < BUDGETS.accuracy ||
  report.handoffRecall < BUDGETS.handoffRecall ||
  report.p99Ms > BUDGETS.p99Ms ||
  report.largeKbP99Ms > BUDGETS.p99Ms;
process.exitCode = failed ? 1 : 0;
