/**
 * Same-run comparison of this working tree against a base revision, for a machine whose absolute
 * figures move from hour to hour (a shared 2-core VM):
 *
 *   npm run bench:compare -- <rev> [--runs 3] [--databases sqlite,postgres] [--phases page,latency,replies,ingest]
 *                                  [--skip-agent] [--keep]
 *
 * 1. Checks `<rev>` out in a temporary `git worktree` and copies this working tree (tracked and
 *    untracked files, not ignored ones) to a snapshot, so edits made during the run do not leak in.
 * 2. Gives each a `node_modules`: hard links to this tree's when every package `<rev>`'s lock file pins
 *    is installed here at the same version (extra packages are never loaded), else `npm ci --prefer-offline`.
 * 3. Builds each with its own `npm run build:server` (contracts, server, channel packages).
 * 4. Runs `bench:api` (this tree's driver: the same code measures both servers, each started from its
 *    own compiled build and seeded by its own migrations) and bench:agent's latency part, alternately:
 *    base, today, today, base, base, today… `--runs` times each.
 * 5. Prints every figure's runs, medians and the ratio today / base, the budgets on today's median,
 *    and the load average at each run. Exits 1 if a budget fails or a figure is worse than 0.95× base.
 *
 * PostgreSQL needs BENCH_POSTGRES_URL (an admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres):
 * each run creates and drops its own database. `--keep` keeps the base's build for the next comparison
 * against the same revision (then `git worktree remove --force <dir>` when done with it).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchReport, budgetLabel, type Figure, meetsBudget } from './lib/figures.js';
import { ROOT } from './lib/repo-root.js';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    databases: { type: 'string', default: 'sqlite' },
    phases: { type: 'string' },
    'skip-agent': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const rev = positionals[0];
if (!rev) {
  console.error('uso: npm run bench:compare -- <revisão> [--runs 3] [--databases sqlite,postgres] [--keep]');
  process.exit(2);
}
const RUNS = Number(options.runs);
const WORK_AREA = join(tmpdir(), 'atende-compare');
/** Written into a checkout once it is installed and built: the revision it holds. */
const BUILT_MARK = '.bench-compare-built';

interface Side {
  name: 'base' | 'hoje';
  dir: string;
}

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Runs a command in `cwd`, its output to ours; throws on a non-zero exit. */
function run(command: string, args: string[], cwd: string): void {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} falhou em ${cwd}`);
  console.info(`  ${command} ${args.join(' ')}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

type LockPackages = Record<
  string,
  { version?: string; integrity?: string; resolved?: string; link?: boolean }
>;
const lockPackages = (dir: string): LockPackages =>
  (JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: LockPackages }).packages;

/**
 * Whether this tree's install holds everything `dir`'s lock file pins, at the same version and
 * contents (workspace links to the same folders): then a copy of it installs `dir` exactly.
 */
function installedHereCovers(dir: string): boolean {
  const ours = lockPackages(ROOT);
  for (const [path, theirs] of Object.entries(lockPackages(dir))) {
    if (!path.includes('node_modules/')) continue;
    const mine = ours[path];
    if (!mine) return false;
    if (theirs.link ? mine.resolved !== theirs.resolved : mine.integrity !== theirs.integrity) return false;
  }
  return true;
}

/** The folders npm installs into: the root's and each workspace's `node_modules`. */
function moduleFolders(): string[] {
  const workspaces = [
    'apps/server',
    'apps/web',
    ...readdirSync(join(ROOT, 'packages')).map((p) => `packages/${p}`),
  ];
  return ['node_modules', ...workspaces.map((w) => `${w}/node_modules`)].filter((m) =>
    existsSync(join(ROOT, m)),
  );
}

function install(dir: string): void {
  if (installedHereCovers(dir)) {
    // Hard links: seconds, no network, no disk; nothing in a build writes into node_modules.
    for (const folder of moduleFolders()) {
      if (!existsSync(dirname(join(dir, folder)))) continue;
      run('cp', ['-al', join(ROOT, folder), join(dir, folder)], dir);
    }
    return;
  }
  console.info('  o lock file pede pacotes que este checkout não tem instalados: npm ci');
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], dir);
}

/** Builds contracts, server and channel packages the way that checkout's own scripts do. */
function build(dir: string): void {
  const scripts = (
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  if (scripts['build:server']) run('npm', ['run', 'build:server'], dir);
  else run('npm', ['run', 'build', '-w', '@atende/server'], dir);
}

/** The base revision, checked out and built (or the build a `--keep` run left, if it is the same revision). */
function prepareBase(sha: string): Side {
  const dir = join(WORK_AREA, `base-${sha.slice(0, 12)}`);
  const mark = join(dir, BUILT_MARK);
  if (existsSync(mark) && readFileSync(mark, 'utf8') === sha) {
    console.info(`Base ${sha.slice(0, 12)}: reaproveitando ${dir}`);
    return { name: 'base', dir };
  }
  if (existsSync(dir)) {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(WORK_AREA, { recursive: true });
  git(['worktree', 'prune']);
  console.info(`Base ${sha.slice(0, 12)}: worktree em ${dir}`);
  git(['worktree', 'add', '--detach', dir, sha]);
  install(dir);
  build(dir);
  writeFileSync(mark, sha);
  return { name: 'base', dir };
}

/** This working tree as it is now (tracked and untracked files, not ignored ones), installed and built. */
function prepareToday(): Side {
  const dir = join(WORK_AREA, `hoje-${Date.now().toString(36)}`);
  console.info(`Hoje: cópia da árvore de trabalho em ${dir}`);
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']).split('\0');
  for (const file of files) {
    const from = join(ROOT, file);
    // Listed but deleted in the working tree.
    if (!file || !existsSync(from)) continue;
    const to = join(dir, file);
    mkdirSync(dirname(to), { recursive: true });
    if (lstatSync(from).isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else copyFileSync(from, to);
  }
  install(dir);
  build(dir);
  return { name: 'hoje', dir };
}

interface RunRecord {
  side: Side['name'];
  kind: 'api' | 'agent';
  round: number;
  report: BenchReport | null;
  log: string;
}

/**
 * One measurement: this tree's driver (from the snapshot) against `side`'s build. Its exit code says
 * whether its own budgets passed, which the summary decides again from the medians.
 */
async function measure(side: Side, today: Side, kind: RunRecord['kind'], round: number, results: string) {
  const stem = join(results, `${round + 1}-${side.name}-${kind}`);
  const json = `${stem}.json`;
  const log = `${stem}.log`;
  const [script, env] =
    kind === 'api'
      ? [
          'bench/api.ts',
          {
            BENCH_SERVER_DIR: side.dir,
            BENCH_DATABASES: options.databases,
            ...(options.phases ? { BENCH_PHASES: options.phases } : {}),
          },
        ]
      : ['bench/agent-latency.ts', { BENCH_CHECKOUT_DIR: side.dir }];
  const load = loadavg()[0]?.toFixed(1);
  process.stdout.write(`  rodada ${round + 1}, ${side.name.padEnd(4)} ${kind.padEnd(5)} (load ${load})… `);
  const started = Date.now();
  const out = createWriteStream(log);
  // The agent's eval runs from its checkout's source: tsx finds that checkout's tsconfig from its cwd.
  const child = spawn(process.execPath, ['--import', 'tsx', join(today.dir, script)], {
    cwd: kind === 'api' ? today.dir : side.dir,
    env: { ...process.env, ...env, BENCH_JSON: json },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  out.end();
  const report = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as BenchReport) : null;
  console.info(
    `${((Date.now() - started) / 1000).toFixed(0)} s${report ? '' : `, FALHOU (código ${code}; ${log})`}`,
  );
  return { side: side.name, kind, round, report, log } satisfies RunRecord;
}

const median = (xs: number[]): number => {
  const sorted = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const fmt = (n: number): string => {
  if (!Number.isFinite(n)) return '—';
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  const digits = Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
};

/** How today does against the base, ≥ 1 when better whichever way the figure improves. */
const relative = (figure: Figure, base: number, today: number): number =>
  figure.better === 'higher' ? today / base : base / today;

/** Prints the comparison; answers whether every budget holds on today's median and nothing fell below 0.95×. */
function summarise(records: RunRecord[]): boolean {
  let ok = true;
  const reports = records.filter((r) => r.report);
  const groups = new Set(reports.flatMap((r) => Object.keys(r.report?.databases ?? {})));
  for (const group of groups) {
    const runsOf = (side: Side['name']) =>
      reports
        .filter((r) => r.side === side && r.report?.databases[group])
        .map((r) => r.report as BenchReport);
    const base = runsOf('base');
    const today = runsOf('hoje');
    const title =
      { sqlite: 'SQLite', postgres: 'PostgreSQL', agent: 'Agente (bench:agent, latência)' }[group] ?? group;
    console.info(`\n[${title}] execuções: ${base.length} da base, ${today.length} de hoje`);
    console.info(
      `${'Medida'.padEnd(40)} ${'base: execuções'.padEnd(26)} ${'mediana'.padStart(8)}  ${'hoje: execuções'.padEnd(26)} ${'mediana'.padStart(8)}  ${'hoje/base'.padStart(9)}  ${'vs base'.padEnd(7)} meta`,
    );
    const names = [...new Set([...base, ...today].flatMap((r) => Object.keys(r.databases[group] ?? {})))];
    for (const name of names) {
      const values = (runs: BenchReport[]) =>
        runs.map((r) => r.databases[group]?.[name]?.value ?? Number.NaN);
      const figure = (today[0] ?? base[0])?.databases[group]?.[name];
      if (!figure) continue;
      const b = median(values(base));
      const t = median(values(today));
      const rel = relative(figure, b, t);
      // Both zero (e.g. events lost) or both equal: the same.
      const same = b === t;
      const verdict = same
        ? '='
        : !Number.isFinite(rel)
          ? ''
          : rel < 0.95
            ? 'PIOR'
            : rel > 1.05
              ? 'melhor'
              : '≈';
      if (!same && Number.isFinite(rel) && rel < 0.95) ok = false;
      const budget = meetsBudget({ ...figure, value: t });
      if (budget === false) ok = false;
      console.info(
        `${name.padEnd(40)} ${values(base).map(fmt).join(' ').padEnd(26)} ${fmt(b).padStart(8)}  ${values(today).map(fmt).join(' ').padEnd(26)} ${fmt(t).padStart(8)}  ${(same ? '1×' : `${fmt(t / b)}×`).padStart(9)}  ${verdict.padEnd(7)} ${budget === null ? '' : `${budgetLabel(figure)} ${budget ? 'PASS' : 'FAIL'}`}`,
      );
    }
  }
  console.info('\nExecuções (load average de 1 min no início → fim; a máquina tem');
  console.info(`${reports[0]?.report?.cpus ?? '?'} CPUs):`);
  for (const r of records) {
    const load = r.report
      ? `${fmt(r.report.load.start[0] ?? Number.NaN)} → ${fmt(r.report.load.end[0] ?? Number.NaN)}`
      : 'falhou';
    console.info(`  rodada ${r.round + 1}  ${r.side.padEnd(4)} ${r.kind.padEnd(5)} load ${load}  ${r.log}`);
  }
  return ok;
}

async function main(): Promise<void> {
  const sha = git(['rev-parse', '--verify', `${rev}^{commit}`]).trim();
  const head = git(['rev-parse', '--short=12', 'HEAD']).trim();
  const dirty = git(['status', '--porcelain', '--untracked-files=no']).trim() !== '';
  console.info(
    `bench:compare: base ${rev} (${sha.slice(0, 12)}) contra a árvore de trabalho (${head}${dirty ? ' + alterações' : ''})`,
  );
  if (options.databases.includes('postgres') && !process.env.BENCH_POSTGRES_URL) {
    throw new Error('--databases postgres precisa de BENCH_POSTGRES_URL (URL de administração)');
  }
  const base = prepareBase(sha);
  let today: Side | null = null;
  try {
    today = prepareToday();
    const results = join(WORK_AREA, `resultados-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(results, { recursive: true });
    console.info(`\nMedindo ${RUNS}× cada lado, alternando; registros em ${results}`);
    const records: RunRecord[] = [];
    for (let round = 0; round < RUNS; round++) {
      // base, hoje | hoje, base | …: a drift of the machine over the session weighs on both sides alike.
      const order = round % 2 === 0 ? [base, today] : [today, base];
      for (const side of order) records.push(await measure(side, today, 'api', round, results));
      if (!options['skip-agent']) {
        for (const side of order) records.push(await measure(side, today, 'agent', round, results));
      }
    }
    const ok = summarise(records);
    console.info(
      ok ? '\nRESULTADO: PASS' : '\nRESULTADO: FAIL (meta não cumprida ou medida pior que 0,95× a base)',
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    if (today) rmSync(today.dir, { recursive: true, force: true });
    if (!options.keep) {
      spawnSync('git', ['worktree', 'remove', '--force', base.dir], { cwd: ROOT });
      rmSync(base.dir, { recursive: true, force: true });
      git(['worktree', 'prune']);
    }
  }
}

main().catch((error: unknown) => {
  console.error('bench:compare falhou:', error instanceof Error ? error.message : error);
  process.exit(1);
});
