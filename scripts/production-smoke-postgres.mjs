// The production smoke's PostgreSQL: a throwaway database on the server an admin URL points at
// (TEST_DATABASE_URL, as the tests use), created for one run and dropped after it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates an empty database; resolves with its URL and a `drop()` that removes it. */
export async function createThrowawayDatabase(adminUrl) {
  const name = `atende_producao_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
