import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UserRole } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, vi } from 'vitest';
import { createPostgresDatabase } from '../../../scripts/postgres-database.mjs';
import { type BuildAppOptions, buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/config.js';
import {
  type DatabaseHandle,
  migrateToLatest,
  type OpenDatabaseOptions,
  openDatabase,
} from '../src/db/database.js';
import { createUser } from '../src/people/users/users.service.js';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL (an admin postgres:// URL) is set. */
export const DATABASE_KINDS: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** Runs a suite once per database kind: `describeEachDatabase('auth', (kind) => { … })`. */
export function describeEachDatabase(name: string, fn: (kind: TestDatabaseKind) => void): void {
  for (const kind of DATABASE_KINDS) describe(`${name} [${kind}]`, () => fn(kind));
}

export interface TestDatabase {
  url: string;
  kind: TestDatabaseKind;
  /** Deletes the file or drops the throwaway database. */
  destroy(): Promise<void>;
}

/** A fresh temp SQLite file, or a throwaway `atende_test_<random>` PostgreSQL database. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atende-test-'));
    return {
      url: join(dir, 'atende.db'),
      kind,
      destroy: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `atende_test_${randomBytes(6).toString('hex')}`;
  const { url } = await createPostgresDatabase(adminUrl, name);
  return { url, kind, destroy: () => dropDatabase(adminUrl, name) };
}

/**
 * For a test file: one migrated database of this kind for all its tests, opened before them and
 * closed and dropped after; call the answer inside a test (or a later `beforeAll`) for its handle.
 */
export function useMigratedDatabase(kind: TestDatabaseKind): () => DatabaseHandle & { url: string } {
  let database: TestDatabase | null = null;
  let opened: (DatabaseHandle & { url: string }) | null = null;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    opened = { ...openDatabase(database.url), url: database.url };
    await migrateToLatest(opened.db);
  });
  afterAll(async () => {
    await opened?.close();
    await database?.destroy();
  });
  return () => {
    if (!opened) throw new Error('useMigratedDatabase: the database is opened in beforeAll');
    return opened;
  };
}

/**
 * For a test file: `open(options)` gives a migrated database on a fresh temp SQLite file, closed and
 * deleted after each test (`handle.location` is the file).
 */
export function useTempSqlite(): (options?: OpenDatabaseOptions) => Promise<DatabaseHandle> {
  const opened: Array<{ handle: DatabaseHandle; database: TestDatabase }> = [];
  afterEach(async () => {
    for (const { handle, database } of opened.splice(0)) {
      await handle.close();
      await database.destroy();
    }
  });
  return async (options) => {
    const database = await createTestDatabase('sqlite');
    const handle = openDatabase(database.url, options);
    opened.push({ handle, database });
    await migrateToLatest(handle.db);
    return handle;
  };
}

/**
 * Drops a throwaway database. Without FORCE first: terminating a pool connection that is still
 * closing surfaces as an uncaught error in that pool, so wait (up to 2 s) for its connections to go.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      const force = attempt >= 40;
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}${force ? ' WITH (FORCE)' : ''}`);
        return;
      } catch (error) {
        if (force) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await client.end();
  }
}

/** Configuration for tests: demo and simulated traffic off, no web app, silent logs. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DEMO: 'false',
    SIMULATED_TRAFFIC: 'false',
    WEB_DIST: '',
    LOG_LEVEL: 'silent',
    // A fixed key: no key file written into the working tree by a test.
    AUTH_STATE_KEY: TEST_AUTH_STATE_KEY,
    ...env,
  });
}

/** The linked devices' auth-state key in tests (64 hex characters). */
export const TEST_AUTH_STATE_KEY = 'a'.repeat(64);

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  database: TestDatabase;
  close(): Promise<void>;
}

/** Builds the real app over a fresh database of the given kind. */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'dbHandle'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  // As the server opens it: dashboard and analytics aggregates go through the worker's connection.
  const handle = openDatabase(database.url, { readReplica: true });
  try {
    const app = await buildApp(testConfig(database.url, env), { ...options, dbHandle: handle });
    return {
      app,
      handle,
      database,
      close: async () => {
        await app.close();
        await handle.close();
        await database.destroy();
      },
    };
  } catch (error) {
    await handle.close();
    await database.destroy();
    throw error;
  }
}

/** One app per suite (beforeAll/afterAll); read `ctx.app` inside tests. */
export function useTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'dbHandle'> = {},
) {
  const ctx = {} as TestApp;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(kind, env, options));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

let userCounter = 0;
export const TEST_PASSWORD = 'senha-de-teste-123';

/** Creates a user with a unique e-mail (or the given one). */
export async function createTestUser(
  app: FastifyInstance,
  options: { role?: UserRole; email?: string; password?: string; name?: string } = {},
) {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@teste.local`;
  const password = options.password ?? TEST_PASSWORD;
  const user = await createUser(app.db, {
    email,
    name: options.name ?? `Usuário ${userCounter}`,
    role: options.role ?? 'admin',
    password,
  });
  return { user, email, password };
}

/** Signs in through the real route; returns the token and the response body. */
export async function login(app: FastifyInstance, email: string, password: string, remember = false) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, remember },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { data: { token: string; expiresAt: string } };
  return { token: body.data.token, expiresAt: body.data.expiresAt, body };
}

/** Creates a user and signs in. */
export async function createAndLogin(app: FastifyInstance, role: UserRole = 'admin') {
  const created = await createTestUser(app, { role });
  const session = await login(app, created.email, created.password);
  return { ...created, token: session.token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Listens on a random loopback port (once per app); returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('server did not bind');
  return `http://127.0.0.1:${bound.port}`;
}

/**
 * A real socket.io-client, connected (websocket transport). With `token`, sends it like the browser
 * (handshake and `authenticate`) and waits for the answer (`authenticated` by default). Disconnect it
 * in the test.
 */
export async function connectSocket(
  baseUrl: string,
  options: { token?: string; origin?: string; expect?: 'authenticated' | 'auth_error' } = {},
): Promise<ClientSocket> {
  const socket = connectClient(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.origin ? { origin: options.origin } : {},
  });
  const answer = options.token ? nextEvent(socket, options.expect ?? 'authenticated') : Promise.resolve();
  answer.catch(() => undefined);
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  socket.connect();
  try {
    await connected;
    // As the browser does: the token in the handshake and in an authenticate event.
    if (options.token) socket.emit('authenticate', { token: options.token });
    await answer;
  } catch (error) {
    socket.disconnect();
    throw error;
  }
  return socket;
}

/** Resolves with the next payload of an event, or rejects after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: ClientSocket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    const onEvent = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, onEvent);
  });
}

/** Collects every payload of an event until stopped. */
export function recordEvents<T = unknown>(socket: ClientSocket, event: string) {
  const received: T[] = [];
  const onEvent = (payload: T) => received.push(payload);
  socket.on(event, onEvent);
  return { received, stop: () => socket.off(event, onEvent) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps every `sync()` of a `node:fs/promises` file handle (the write-ahead log's fsync, WalSync) in
 * `around`, which must call `sync` to flush: to watch the flushes or hold them. Restore the returned
 * spy (`mockRestore`, or `vi.restoreAllMocks`) after the test.
 */
export async function spyOnFsync(around: (sync: () => Promise<void>) => Promise<void>) {
  const probe = await openFile(fileURLToPath(import.meta.url), 'r');
  await probe.close();
  const proto = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
  const real = proto.sync;
  return vi.spyOn(proto, 'sync').mockImplementation(function (this: unknown) {
    return around(() => real.call(this));
  });
}
