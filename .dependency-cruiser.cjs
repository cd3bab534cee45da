/**
 * The architecture's import rules (docs/architecture.md), checked by `npm run lint` (lint:boundaries).
 * A violation fails with the rule's name and comment. `allowed` lists what breaks a rule today, each
 * with what must change; remove the entry when it is done.
 */

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
/** Test code: test files, the server's test/ folder, test-support folders, the web's test setup, e2e. */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '^apps/server/test/',
  '/test-support/',
  '^apps/web/src/test/',
  '^apps/web/e2e/',
  '^tests/',
];

/** @type {{ rule: string, from: string, to: string, change: string }[]} */
const allowed = [];

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const rules = [
  {
    name: 'no-circular',
    comment:
      'No import cycles (type-only imports included): a cycle means two files are one unit or a dependency points the wrong way.',
    from: {},
    to: { circular: true },
  },
  {
    name: 'packages-never-import-apps',
    comment: 'packages/* (contracts, channel packages) are used by the apps and import nothing from them.',
    from: { path: '^packages/' },
    to: { path: '^apps/' },
  },
  {
    name: 'server-and-web-apart',
    comment: 'The server and the web app share code only through packages/contracts.',
    from: { path: '^apps/(server|web)/' },
    to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
  },
  {
    name: 'production-never-imports-tests',
    comment: 'Production code never imports test code (test files, apps/server/test, test-support, e2e).',
    from: { pathNot: TEST_CODE },
    to: { path: TEST_CODE },
  },
  // Server layers: app → modules → (agent, channels, jobs) → plugins → db → lib. See docs/architecture.md.
  {
    name: 'server-lib-is-a-leaf',
    comment: 'lib/ holds dependency-free helpers: it imports nothing else of the server.',
    from: { path: `${SERVER}lib/` },
    to: { path: SERVER, pathNot: `${SERVER}lib/` },
  },
  {
    name: 'server-db-below-everything',
    comment: 'db/ (connection, schema, migrations, SQLite machinery) imports only lib/ and types.',
    from: { path: `${SERVER}db/` },
    to: { path: `${SERVER}(modules|agent|plugins|channels|jobs|app\\.ts|server\\.ts)` },
  },
  {
    name: 'server-plugins-never-import-the-domain',
    comment:
      'plugins/ is Fastify infrastructure (auth, realtime, errors): it never imports modules/, agent/, channels/ or jobs/; the domain registers into it.',
    from: { path: `${SERVER}plugins/` },
    to: { path: `${SERVER}(modules|agent|channels|jobs)/` },
  },
  {
    name: 'server-jobs-below-the-domain',
    comment: 'jobs/ is the durable job queue: the domain and the agent use it, it knows neither.',
    from: { path: `${SERVER}jobs/` },
    to: { path: `${SERVER}(modules|agent|channels|plugins)/` },
  },
  {
    name: 'server-channels-below-the-domain',
    comment:
      'channels/ are transport adapters behind channels/channel.ts: the domain calls them and they hand inbound messages to what it registered; they never import modules/ or agent/.',
    from: { path: `${SERVER}channels/` },
    to: { path: `${SERVER}(modules|agent|app\\.ts)` },
  },
  {
    name: 'server-agent-through-the-messaging-api',
    comment:
      'The agent reads and writes conversations and messages only through conversations/messaging (its service), plus its own settings and knowledge modules.',
    from: { path: `${SERVER}agent/` },
    to: {
      path: `${SERVER}modules/`,
      pathNot: `${SERVER}modules/(messaging|settings|knowledge-base|knowledge-gaps)/`,
    },
  },
  {
    name: 'server-domain-never-imports-the-agent',
    comment:
      'modules/ never imports agent/ (the agent depends on the domain); only the composition root composition.ts registers it.',
    from: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/index\\.ts$` },
    to: { path: `${SERVER}agent/` },
  },
  {
    name: 'server-no-seed-in-db',
    comment: 'Seeding is domain code (demo), not part of db/.',
    from: {},
    to: { path: `${SERVER}db/seed/` },
  },
  // Web layers: app → features → (components, hooks, lib).
  {
    name: 'web-features-never-import-each-other',
    comment:
      'A feature folder is self-contained: what two features share moves to components/, hooks/ or lib/.',
    from: { path: `${WEB}features/([^/]+)/` },
    to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
  },
  {
    name: 'web-shared-code-never-imports-features',
    comment: 'components/, hooks/ and lib/ are shared by the features and import none of them (nor app/).',
    from: { path: `${WEB}(components|hooks|lib)/` },
    to: { path: `${WEB}(features|app)/` },
  },
  {
    name: 'web-features-never-import-the-app-shell',
    comment: 'app/ (router, layouts) composes the features; features never import it.',
    from: { path: `${WEB}features/` },
    to: { path: `${WEB}app/` },
  },
];

/**
 * Each rule, minus its allowed exceptions: the exception's source file is taken out of the rule and
 * gets a copy of it that spares only the allowed targets.
 */
function withAllowed(rule) {
  // Layer rules bind production code; tests may reach across layers to set up what they check.
  if (/^(server|web)-/.test(rule.name)) {
    rule = { ...rule, from: { ...rule.from, pathNot: [rule.from.pathNot ?? [], TEST_CODE].flat() } };
  }
  const exceptions = allowed.filter((entry) => entry.rule === rule.name);
  if (exceptions.length === 0) return [{ severity: 'error', ...rule }];
  const sources = [...new Set(exceptions.map((entry) => entry.from))];
  const fromPathNot = [rule.from.pathNot ?? [], sources.map(escapeRegex)].flat();
  return [
    { severity: 'error', ...rule, from: { ...rule.from, pathNot: fromPathNot } },
    ...sources.map((source) => {
      // The copy's `from` is the one file, so fill in what the rule's `from` captured ($1) for it.
      const captured = source.match(new RegExp(rule.from.path ?? '')) ?? [];
      const fill = (pattern) =>
        Array.isArray(pattern)
          ? pattern.map(fill)
          : pattern.replace(/\$(\d)/g, (_, i) => escapeRegex(captured[Number(i)] ?? ''));
      return {
        severity: 'error',
        ...rule,
        from: { path: `^${escapeRegex(source)}$` },
        to: {
          ...rule.to,
          ...(rule.to.path ? { path: fill(rule.to.path) } : {}),
          pathNot: [
            fill([rule.to.pathNot ?? []].flat()),
            exceptions.filter((entry) => entry.from === source).map((entry) => `^${escapeRegex(entry.to)}$`),
          ].flat(),
        },
      };
    }),
  ];
}

function escapeRegex(path) {
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: rules.flatMap(withAllowed),
  allowed: undefined,
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsConfig: { fileName: `${__dirname}/apps/server/tsconfig.json` },
    webpackConfig: { fileName: `${__dirname}/scripts/boundaries/resolve-aliases.cjs` },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
