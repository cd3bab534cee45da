#!/usr/bin/env node
// `npm run test:production`: proves the production path on a clean copy of the repository's last
// commit. In a temp directory: `git clone`, `npm install` (as CI does: the lock file leaves out other
// platforms' optional binaries, which `npm ci` refuses), `npm run build`, `npm prune --omit=dev` (no
// TypeScript, tsx, vite or vitest left), then `npm start` once per channel kind, each on a free port
// with its own SQLite file, and each must reach its first state:
//   simulator     → a QR (GET /api/whatsapp/status); then, paired, a customer's Ogg/Opus voice note is
//                   transcribed by a local fake speech-to-text server and answered by the agent, and an
//                   operator's WebM recording reaches the simulated customer as an Ogg/Opus voice note;
//                   an admin's automation rule labels, notes and answers a customer's message, but
//                   sends nothing into a conversation a person holds (production-smoke-automations.mjs);
//   cloud-api     → connected with the number of a local fake Graph (production-smoke-fake-graph.mjs);
//   whatsapp-web  → a QR from the real Baileys client against the local fake WhatsApp server
//                   (packages/channel-whatsapp-web/test-support, pointed at by WHATSAPP_WEB_SOCKET_URL);
//                   never the real service.
// With TEST_DATABASE_URL set (a PostgreSQL admin URL, as for the tests), the simulator once more on a
// throwaway PostgreSQL database: customers write and the agent answers each, and the same automation
// rule acts as on SQLite.
// Then a second clone without the GPL linked-device package: install, build and start still work and
// GET /api/inbox-kinds says that kind is not installed. Takes minutes; not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPostgresDatabase } from './postgres-database.mjs';
import { automationRules } from './production-smoke-automations.mjs';
import {
  SMOKE_DISPLAY_NUMBER,
  SMOKE_PHONE_NUMBER_ID,
  SMOKE_TOKEN,
  startFakeGraph,
} from './production-smoke-fake-graph.mjs';
import { startServer } from './production-smoke-server.mjs';
import { startFakeTranscription, voiceRecording } from './production-smoke-voice.mjs';
import { serverNodeArgs } from './server-node-args.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'atende-production-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const startedAt = Date.now();
const elapsed = () => `${Math.round((Date.now() - startedAt) / 1000)} s`;
// Not the demo admin's address (admin@atende.local): the auth module creates this account at start,
// and the demo seeds only a database without its admin, so the simulator run would have no demo data
// (the figures and the search below read it).
const ADMIN_EMAIL = 'producao@atende.local';
const ADMIN_PASSWORD = `Producao-${randomBytes(9).toString('base64url')}`;
const LINKED_DEVICE = 'packages/channel-whatsapp-web';
/** Customers of the PostgreSQL run: each writes once and waits for the agent. */
const POSTGRES_CUSTOMERS = 12;
/** What the fake speech-to-text server hears in every voice note. */
const HEARD = 'Qual é o prazo de entrega?';

function run(command, args, cwd) {
  console.info(`\n$ ${command} ${args.join(' ')}   (${elapsed()})`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} saiu com ${result.status}`);
}

/** install → build → prune, and no development tool left behind. */
function prepare(copy, { beforeBuild = () => {} } = {}) {
  run(npm, ['install', '--no-audit', '--no-fund'], copy);
  beforeBuild();
  run(npm, ['run', 'build'], copy);
  run(npm, ['prune', '--omit=dev', '--no-audit', '--no-fund'], copy);
  for (const tool of ['typescript', 'tsx', 'vite', 'vitest']) {
    if (existsSync(join(copy, 'node_modules', tool)))
      throw new Error(`${tool} ainda instalado após npm prune --omit=dev`);
  }
  console.info('sem ferramentas de desenvolvimento: typescript, tsx, vite e vitest ausentes');
}

/** The environment of one production run (its own database and media folder). */
function productionEnv(name, extra = {}) {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: join(work, `${name}.db`),
    MEDIA_DIR: join(work, `${name}-media`),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    REDIS_URL: '',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** Starts the compiled server, signs in, runs `check`, stops it; prints its output if `check` fails. */
async function withServer(copy, label, env, check) {
  const server = await startServer({ cwd: copy, env, label });
  try {
    await server.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await check(server);
  } catch (error) {
    console.error(`\n[${label}] saída do servidor:\n${server.output()}`);
    throw error;
  } finally {
    await server.stop();
  }
}

const kindsOf = async (server) => {
  const kinds = await server.get('/api/inbox-kinds');
  if (kinds.status !== 200) throw new Error(`GET /api/inbox-kinds → ${kinds.status}`);
  return Object.fromEntries(kinds.body.data.map((kind) => [kind.kind, kind.installed]));
};

/**
 * On the compiled build, with the demo's 30 days: the figures follow the inbox filter (cards, the
 * analytics report) and a report counts the breaches of the inbox's response-time targets.
 */
async function figures(server) {
  const day = (at) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  const range = `from=${day(Date.now() - 29 * 86_400_000)}&to=${day(Date.now())}`;
  const targets = await server.request('PATCH', '/api/inboxes/default', {
    sla: { firstResponseMinutes: 1, resolutionMinutes: 30 },
  });
  if (targets.status !== 200) throw new Error(`metas → ${targets.status} ${JSON.stringify(targets.body)}`);
  const stats = await server.get('/api/dashboard/stats?inboxId=default');
  if (stats.status !== 200) throw new Error(`cartões de uma caixa → ${stats.status}`);
  const report = await server.get(`/api/analytics/report?${range}&inboxId=default`);
  if (report.status !== 200 || !(report.body.data.conversations.active > 0))
    throw new Error(`relatório de uma caixa → ${report.status} ${JSON.stringify(report.body).slice(0, 200)}`);
  const breaches = await server.get(`/api/analytics/custom?${range}&metric=slaBreaches&groupBy=inbox`);
  const total = breaches.body?.data?.total;
  if (breaches.status !== 200 || !(total?.count > 0) || typeof total.values.resolution !== 'number')
    throw new Error(`metas estouradas → ${breaches.status} ${JSON.stringify(breaches.body).slice(0, 200)}`);
  console.info(
    `[simulator] 30 dias da caixa: ${report.body.data.conversations.active} conversas; metas estouradas: ${total.values.firstResponse} de primeira resposta, ${total.values.resolution} de resolução em ${total.count} medidas`,
  );
}

/**
 * On the compiled build: the top search finds the demo's clients by name, and by a phone typed with
 * its punctuation.
 */
async function topSearch(server) {
  const byName = await server.get('/api/search?q=ana');
  const client = byName.body?.data?.clients?.[0];
  if (byName.status !== 200 || !client?.phone)
    throw new Error(`busca por nome → ${byName.status} ${JSON.stringify(byName.body).slice(0, 200)}`);
  const typed = `+${client.phone.slice(0, 2)} (${client.phone.slice(2, 4)}) ${client.phone.slice(4, -4)}-${client.phone.slice(-4)}`;
  const byPhone = await server.get(`/api/search?q=${encodeURIComponent(typed)}`);
  if (byPhone.status !== 200 || !byPhone.body.data.clients.some((c) => c.id === client.id))
    throw new Error(`busca por telefone → ${byPhone.status} ${JSON.stringify(byPhone.body).slice(0, 200)}`);
  console.info(`[simulator] busca: "ana" e ${typed} encontram ${client.name}`);
}

const statusLine = (status) =>
  `state=${status.state} connected=${status.connected} phone=${status.phone ?? '-'} qr=${status.qr ? `${status.qr.slice(0, 48)}…` : '-'}`;

/**
 * On the compiled build: a customer's voice note is transcribed (a local fake provider) and the agent
 * answers its words; an operator's WebM recording is remuxed and reaches the simulated customer as an
 * Ogg/Opus voice note (push-to-talk).
 */
async function voiceNotes(server, pairingCode) {
  const stt = await startFakeTranscription(HEARD);
  try {
    const paired = await server.post('/api/simulator/pair', { code: pairingCode });
    if (paired.status !== 200)
      throw new Error(`pareamento → ${paired.status} ${JSON.stringify(paired.body)}`);
    const on = await server.post('/api/speech-to-text', {
      enabled: true,
      baseUrl: stt.url,
      model: 'whisper-1',
    });
    if (on.status !== 200) throw new Error(`transcrição → ${on.status} ${JSON.stringify(on.body)}`);
    const phone = '5531990001234';
    const ogg = await voiceRecording('ogg');
    const { conversationId, messageId } = await server.customerWrites({
      phone,
      name: 'Cliente Voz',
      text: '[Mensagem de voz]',
      audio: ogg.toString('base64'),
    });
    const thread = await server.until(
      `/api/conversations/${conversationId}/messages`,
      (body) => body.data.messages.some((m) => m.sender === 'agent'),
      { what: 'a resposta do agente à mensagem de voz' },
    );
    const note = thread.data.messages.find((m) => m.id === messageId);
    const reply = thread.data.messages.find((m) => m.sender === 'agent');
    if (note?.transcript !== HEARD) throw new Error(`transcrição não guardada: ${JSON.stringify(note)}`);
    if (!reply.content.startsWith(`Ouvi seu áudio: “${HEARD}”`))
      throw new Error(`o agente não respondeu ao áudio: ${reply.content}`);
    if (stt.received.length !== 1 || stt.received[0].bytes !== ogg.length)
      throw new Error(`o provedor falso recebeu ${JSON.stringify(stt.received)}`);
    console.info(
      `[simulator] mensagem de voz transcrita ("${HEARD}") e respondida: ${reply.content.split('\n')[0]}`,
    );

    const webm = await voiceRecording('webm');
    const recorded = await fetch(`${server.base}/api/conversations/${conversationId}/voice-note`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'audio/webm;codecs=opus' },
      body: webm,
    });
    if (recorded.status !== 200)
      throw new Error(`gravação do operador → ${recorded.status} ${await recorded.text()}`);
    const delivered = await server.until(
      `/api/simulator/outbox?phone=${phone}`,
      (body) => body.data.some((item) => item.kind === 'media' && item.media?.voice),
      { what: 'a mensagem de voz do operador no WhatsApp simulado' },
    );
    const voice = delivered.data.find((item) => item.kind === 'media');
    if (voice.media.mimeType !== 'audio/ogg; codecs=opus') throw new Error(`tipo ${voice.media.mimeType}`);
    console.info(
      `[simulator] gravação do operador (WebM, ${webm.length} bytes) entregue como mensagem de voz ${voice.media.mimeType} (${voice.media.size} bytes, PTT)`,
    );
  } finally {
    await stt.close();
  }
}

const fakes = [];
try {
  const full = join(work, 'atende');
  const withoutLinkedDevice = join(work, 'atende-sem-whatsapp-web');
  run('git', ['clone', '--quiet', root, full], work);
  run('git', ['clone', '--quiet', root, withoutLinkedDevice], work);
  console.info(`\n$ rm -rf ${LINKED_DEVICE}   (in ${withoutLinkedDevice})`);
  rmSync(join(withoutLinkedDevice, LINKED_DEVICE), { recursive: true, force: true });

  // 1. The whole repository: one install and build shared by every kind's run. Its fresh install is
  // also the seed of the second clone's (a hard-linked copy): better-sqlite3 compiles from source
  // where its prebuilt binary cannot be downloaded, minutes that are not spent twice.
  prepare(full, {
    beforeBuild: () =>
      run('cp', ['-al', join(full, 'node_modules'), join(withoutLinkedDevice, 'node_modules')], work),
  });
  if (!existsSync(join(full, LINKED_DEVICE, 'dist', 'index.js')))
    throw new Error(`${LINKED_DEVICE}/dist/index.js ausente após o build`);
  console.info(`${LINKED_DEVICE} compilado em dist/`);

  const graph = await startFakeGraph();
  fakes.push(graph);
  // The clone's own fake (same commit as the server under test), run from its pruned install:
  // it needs only Baileys, a production dependency of the linked-device package.
  const { startFakeWhatsappServer } = await import(
    pathToFileURL(join(full, LINKED_DEVICE, 'test-support', 'fake-whatsapp-server.mjs')).href
  );
  const whatsapp = await startFakeWhatsappServer();
  fakes.push(whatsapp);
  console.info(`\nGraph falso em ${graph.url}; WhatsApp falso em ${whatsapp.url}`);

  await withServer(
    full,
    'simulator',
    // The fake transcription server is on this machine: let it past the private-address guard.
    productionEnv('simulator', { CHANNEL: 'simulator', AI_ALLOW_PRIVATE: 'true' }),
    async (server) => {
      const status = await server.until(
        '/api/whatsapp/status',
        (body) => body.data.state === 'qr' && body.data.qr,
        {
          what: 'simulador em QR',
        },
      );
      console.info(`[simulator] GET /api/whatsapp/status → ${statusLine(status.data)}`);
      // npm start runs the server with the node options it is measured with (scripts/server-node-args.mjs).
      const command = server.serverCommand();
      for (const option of serverNodeArgs()) {
        if (!command.includes(option)) throw new Error(`servidor sem ${option}: ${command.join(' ')}`);
      }
      console.info(`[simulator] servidor: ${command.slice(1).join(' ')}`);
      await voiceNotes(server, status.data.pairingCode);
      await automationRules(server);
      await figures(server);
      await topSearch(server);
    },
  );

  await withServer(
    full,
    'cloud-api',
    productionEnv('cloud-api', {
      CHANNEL: 'cloud-api',
      DEMO: 'false',
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_ALLOW_PRIVATE: 'true',
      WHATSAPP_PHONE_NUMBER_ID: SMOKE_PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: SMOKE_TOKEN,
      WHATSAPP_APP_SECRET: 'smoke-app-secret',
      WHATSAPP_VERIFY_TOKEN: 'smoke-verify-token',
    }),
    async (server) => {
      const status = await server.until(
        '/api/whatsapp/status',
        (body) => body.data.connected && body.data.phone === SMOKE_DISPLAY_NUMBER,
        { what: `Cloud API conectada com ${SMOKE_DISPLAY_NUMBER}` },
      );
      console.info(`[cloud-api] GET /api/whatsapp/status → ${statusLine(status.data)}`);
      const checks = graph.requests.filter(
        (r) => r.method === 'GET' && r.path.split('?')[0].endsWith(`/${SMOKE_PHONE_NUMBER_ID}`),
      );
      if (checks.length === 0) throw new Error('o Graph falso não recebeu a verificação do número');
      console.info(`[cloud-api] Graph falso: ${checks.length} × GET ${checks[0].path}`);
    },
  );

  await withServer(
    full,
    'whatsapp-web',
    productionEnv('whatsapp-web', {
      CHANNEL: 'whatsapp-web',
      DEMO: 'false',
      WHATSAPP_WEB_SOCKET_URL: whatsapp.url,
    }),
    async (server) => {
      const status = await server.until(
        '/api/whatsapp/status',
        (body) => body.data.state === 'qr' && body.data.qr,
        {
          what: 'aparelho conectado em QR',
        },
      );
      console.info(`[whatsapp-web] GET /api/whatsapp/status → ${statusLine(status.data)}`);
      if (!status.data.qr.includes('2@atende-fake-ref-1,'))
        throw new Error('o QR não veio do WhatsApp falso (ref inesperada)');
      const registered = whatsapp.clients.filter((client) => client.registration);
      if (registered.length === 0) throw new Error('o WhatsApp falso não recebeu um registro');
      console.info(
        `[whatsapp-web] WhatsApp falso: handshake Noise e registro (versão ${registered[0].registration.version.join('.')}), pair-device com ${registered[0].qrRefsSent} refs`,
      );
      const installed = await kindsOf(server);
      console.info(`[whatsapp-web] GET /api/inbox-kinds → ${JSON.stringify(installed)}`);
      if (installed['whatsapp-web'] !== true) throw new Error('whatsapp-web deveria constar como instalado');
    },
  );
  for (const fake of fakes.splice(0)) await fake.close();

  // PostgreSQL, when a server is at hand (TEST_DATABASE_URL, as for the tests): the compiled server on
  // a fresh database, customers writing through the simulator and the agent answering each — more
  // than enough ingest batches for their statements to run as prepared ones (decision 012).
  const postgresAdmin = process.env.TEST_DATABASE_URL;
  if (postgresAdmin) {
    const database = await createPostgresDatabase(
      postgresAdmin,
      `atende_producao_${randomBytes(6).toString('hex')}`,
    );
    try {
      await withServer(
        full,
        'postgres',
        productionEnv('postgres', { CHANNEL: 'simulator', DEMO: 'false', DATABASE_URL: database.url }),
        async (server) => {
          const status = await server.until(
            '/api/whatsapp/status',
            (body) => body.data.state === 'qr' && body.data.pairingCode,
            { what: 'simulador em QR' },
          );
          const paired = await server.post('/api/simulator/pair', { code: status.data.pairingCode });
          if (paired.status !== 200)
            throw new Error(`pareamento → ${paired.status} ${JSON.stringify(paired.body)}`);
          const conversations = [];
          for (let i = 0; i < POSTGRES_CUSTOMERS; i++) {
            const sent = await server.customerWrites({
              phone: `553198000${String(i).padStart(4, '0')}`,
              name: `Cliente ${i + 1}`,
              text: 'Qual é o prazo de entrega?',
            });
            conversations.push(sent.conversationId);
          }
          for (const id of conversations) {
            await server.until(
              `/api/conversations/${id}/messages`,
              (body) => body.data.messages.some((message) => message.sender === 'agent'),
              { what: `resposta do agente na conversa ${id}` },
            );
          }
          console.info(
            `[postgres] ${POSTGRES_CUSTOMERS} clientes escreveram pelo simulador; o agente respondeu a cada um`,
          );
          await automationRules(server);
        },
      );
    } finally {
      await database.drop();
    }
  } else {
    console.info('\n[postgres] TEST_DATABASE_URL não definido: a execução em PostgreSQL foi pulada');
  }

  // 2. Without the GPL package: install, build and the server still work, Baileys is not even
  // installed, and the kind says it is missing.
  prepare(withoutLinkedDevice);
  for (const gone of ['node_modules/@atende/channel-whatsapp-web', 'node_modules/@whiskeysockets/baileys']) {
    if (lstatSync(join(withoutLinkedDevice, gone), { throwIfNoEntry: false }))
      throw new Error(`${gone} instalado sem ${LINKED_DEVICE}`);
  }
  console.info('sem o pacote GPL: nem @atende/channel-whatsapp-web nem o Baileys instalados');
  await withServer(
    withoutLinkedDevice,
    'sem whatsapp-web',
    productionEnv('sem-whatsapp-web', { CHANNEL: 'simulator', DEMO: 'false' }),
    async (server) => {
      const installed = await kindsOf(server);
      console.info(`[sem whatsapp-web] GET /api/inbox-kinds → ${JSON.stringify(installed)}`);
      if (installed['whatsapp-web'] !== false)
        throw new Error('whatsapp-web deveria constar como não instalado');
      if (installed.simulator !== true || installed['cloud-api'] !== true)
        throw new Error('simulator e cloud-api deveriam constar como instalados');
    },
  );

  console.info(
    `\nOK em ${elapsed()}: o servidor roda do JavaScript compilado só com as dependências de produção; ` +
      'simulador, Cloud API e aparelho conectado chegam ao primeiro estado; ' +
      'regras de automação agem sem falar por cima de uma pessoa; ' +
      (process.env.TEST_DATABASE_URL ? 'em PostgreSQL o agente responde aos clientes; ' : '') +
      'sem o pacote GPL o build e o servidor funcionam.',
  );
} catch (error) {
  console.error(`\nFALHOU após ${elapsed()}: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  for (const fake of fakes) await fake.close().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
