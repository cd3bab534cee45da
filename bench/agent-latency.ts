/**
 * bench:agent's latency part, for bench:compare: the agent's whole decision on the demo store's
 * questions (5 rounds), and one retrieval and one whole decision on a 500-passage knowledge base
 * (400 queries; the decision's p99 is held to 20 ms), run with the
 * code of the checkout in BENCH_CHECKOUT_DIR (this tree by default). The eval is not part of the
 * compiled server, so it runs from that checkout's source through tsx (started from that directory, so
 * its tsconfig resolves the contracts). Prints the figures, and writes them to BENCH_JSON.
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FigureLog } from './lib/figures.js';
import { ROOT } from './lib/repo-root.js';

/** The part of run-eval.ts's report this reads (the decision on 500 passages: absent in older revisions). */
interface LatencyReport {
  p50Ms: number;
  p99Ms: number;
  largeKbP99Ms: number;
  largeKbDecisionP99Ms?: number;
  largeKbBuildMs: number;
}
type RunEval = (options: { largeKbQueries: number; latencyRounds: number }) => Promise<LatencyReport>;

const dir = process.env.BENCH_CHECKOUT_DIR || ROOT;
const module = (await import(pathToFileURL(join(dir, 'apps/server/src/agent/eval/run-eval.ts')).href)) as {
  runEval: RunEval;
};
const report = await module.runEval({ largeKbQueries: 400, latencyRounds: 5 });
const figures = new FigureLog(cpus().length);
const note = (name: string, value: number) =>
  figures.note('agent', name, { value, unit: 'ms', better: 'lower' });
note('decision p50 (ms)', report.p50Ms);
note('decision p99 (ms)', report.p99Ms);
note('retrieval p99, 500 passages (ms)', report.largeKbP99Ms);
if (report.largeKbDecisionP99Ms !== undefined)
  note('decision p99, 500 passages (ms)', report.largeKbDecisionP99Ms);
note('index 500 passages (ms)', report.largeKbBuildMs);
console.info(
  `Decisão p50 ${report.p50Ms.toFixed(2)} ms, p99 ${report.p99Ms.toFixed(2)} ms; ` +
    `500 passagens: recuperação p99 ${report.largeKbP99Ms.toFixed(2)} ms` +
    `${report.largeKbDecisionP99Ms === undefined ? '' : `, decisão p99 ${report.largeKbDecisionP99Ms.toFixed(2)} ms`}` +
    `, indexação ${report.largeKbBuildMs.toFixed(0)} ms`,
);
if (process.env.BENCH_JSON) figures.write(process.env.BENCH_JSON);
