import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js';
import { seedDemo } from '../../apps/server/src/demo/seed-demo.js';

export interface Seeded {
  conversations: number;
  messages: number;
}

/**
 * Migrates `databaseUrl` and writes `conversations` conversations of deterministic demo history
 * (no users). With `serverDir`, a built checkout's compiled code does it in a child process: its own
 * migrations, which another revision's server must find (it refuses a database migrated past it).
 */
export async function seedDatabase(
  databaseUrl: string,
  conversations: number,
  serverDir?: string,
): Promise<Seeded> {
  if (!serverDir) {
    const handle = openDatabase(databaseUrl);
    try {
      await migrateToLatest(handle.db);
      return await seedDemo(handle.db, { conversations, users: false });
    } finally {
      await handle.close();
    }
  }
  const dist = (path: string) =>
    JSON.stringify(pathToFileURL(join(serverDir, 'apps/server/dist', path)).href);
  // Revisions before the contexts were grouped keep the seed under modules/.
  const seedPath = existsSync(join(serverDir, 'apps/server/dist/demo/seed-demo.js'))
    ? 'demo/seed-demo.js'
    : 'modules/demo/seed-demo.js';
  const script = `
    const { openDatabase, migrateToLatest } = await import(${dist('db/database.js')});
    const { seedDemo } = await import(${dist(seedPath)});
    const handle = openDatabase(${JSON.stringify(databaseUrl)});
    await migrateToLatest(handle.db);
    const seeded = await seedDemo(handle.db, { conversations: ${conversations}, users: false });
    await handle.close();
    process.stdout.write(JSON.stringify({ conversations: seeded.conversations, messages: seeded.messages }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`semeadura em ${serverDir} falhou (código ${code}):\n${err.slice(-4000)}`);
  return JSON.parse(out) as Seeded;
}
