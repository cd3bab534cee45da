/**
 * The architecture's import rules (docs/architecture.md), checked by `npm run lint` (lint:boundaries).
 * A violation fails with the rule's name and comment. There are no exceptions: fix the import.
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

/**
 * The server's bounded contexts, lowest first: each may import those before it, never those after
 * (what a lower context needs from a higher one is handed in by composition.ts).
 */
const CONTEXTS = [
  'kernel',
  'people',
  'conversations',
  'customers',
  'inboxes',
  'integrations',
  'automations',
  'agent',
  'insight',
  'demo',
];

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
  // Server: infrastructure (lib, db, plugins, jobs, channels) below the contexts, the contexts in
  // CONTEXTS' order, one composition root. See docs/architecture.md.
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
    to: {
      path: `${SERVER}(${CONTEXTS.join('|')}|plugins|channels|jobs)/|${SERVER}(app|server|composition)\\.ts$`,
    },
  },
  {
    name: 'server-plugins-never-import-a-context',
    comment:
      'plugins/ is Fastify infrastructure (auth, realtime, errors): it never imports a context, channels/ or jobs/; the contexts register into it.',
    from: { path: `${SERVER}plugins/` },
    to: { path: `${SERVER}(${CONTEXTS.join('|')}|channels|jobs)/` },
  },
  {
    name: 'server-jobs-below-the-contexts',
    comment: 'jobs/ is the durable job queue: the contexts use it, it knows none of them.',
    from: { path: `${SERVER}jobs/` },
    to: { path: `${SERVER}(${CONTEXTS.join('|')}|channels|plugins)/` },
  },
  {
    name: 'server-channels-below-the-contexts',
    comment:
      'channels/ are transport adapters behind the channel port: the inboxes context runs them and they hand inbound messages to what it registered; they never import a context.',
    from: { path: `${SERVER}channels/` },
    to: { path: `${SERVER}(${CONTEXTS.join('|')})/|${SERVER}(app|composition)\\.ts$` },
  },
  ...CONTEXTS.slice(0, -1).map((context, i) => ({
    name: `server-${context}-below-${CONTEXTS.slice(i + 1).join('-')}`,
    comment: `Contexts depend downwards only (${CONTEXTS.join(' < ')}): ${context}/ never imports a context after it; what it needs from one above is handed in by composition.ts.`,
    from: { path: `${SERVER}${context}/` },
    to: { path: `${SERVER}(${CONTEXTS.slice(i + 1).join('|')})/` },
  })),
  {
    name: 'server-agent-through-the-messaging-api',
    comment:
      "The agent reads and writes conversations and messages only through conversations/messaging (its service), and asks conversations/visibility who may see a knowledge gap's conversations.",
    from: { path: `${SERVER}agent/` },
    to: {
      path: `${SERVER}conversations/`,
      pathNot: `${SERVER}conversations/(messaging|visibility)/`,
    },
  },
  {
    name: 'server-one-composition-root',
    comment:
      "composition.ts alone wires the server: only app.ts imports it, and only it imports the contexts' entry files (<context>/<context>.context.ts).",
    from: { path: SERVER, pathNot: `${SERVER}(app|composition)\\.ts$` },
    to: { path: `${SERVER}composition\\.ts$|${SERVER}[^/]+/[^/]+\\.context\\.ts$` },
  },
  {
    name: 'server-no-seed-in-db',
    comment: 'Seeding is domain code (demo/), not part of db/.',
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
    comment:
      "components/, hooks/, lib/ and channels/ (each channel kind's web parts) are shared by the features and import none of them (nor app/).",
    from: { path: `${WEB}(components|hooks|lib|channels)/` },
    to: { path: `${WEB}(features|app)/` },
  },
  {
    name: 'web-features-never-import-the-app-shell',
    comment: 'app/ (router, layouts) composes the features; features never import it.',
    from: { path: `${WEB}features/` },
    to: { path: `${WEB}app/` },
  },
];

/** Layer rules bind production code; tests may reach across layers to set up what they check. */
function withTestsExempt(rule) {
  if (!/^(server|web)-/.test(rule.name)) return { severity: 'error', ...rule };
  return {
    severity: 'error',
    ...rule,
    from: { ...rule.from, pathNot: [rule.from.pathNot ?? [], TEST_CODE].flat() },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: rules.map(withTestsExempt),
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
