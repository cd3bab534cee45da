// A throwaway PostgreSQL database for a run (bench, production smoke, tests): created on the server
// an admin URL points at, dropped at the end.
import pg from 'pg';

/** Runs one statement on the PostgreSQL server of `adminUrl`, on a connection of its own. */
async function runAsAdmin(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database `name` on the server of `adminUrl` (one an interrupted run left behind is dropped
 * first), with its URL and how to drop it at the end.
 * @param {string} adminUrl
 * @param {string} name
 */
export async function createPostgresDatabase(adminUrl, name) {
  const drop = () => runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  await runAsAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}
