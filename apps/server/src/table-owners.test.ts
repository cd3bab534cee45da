import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table is written only by its owner (docs/architecture.md, "Who writes each table"): this scans
 * the server's production source for Kysely writes (`insertInto`, `updateTable`, `deleteFrom`,
 * `replaceInto`, `mergeInto`) and raw SQL writes inside sql`…` templates.
 */

const SRC = new URL('.', import.meta.url).pathname;
const ARCHITECTURE = new URL('../../../docs/architecture.md', import.meta.url).pathname;

/** Writes outside the owner that exist today: file → tables, with the change that removes them. */
const ALLOWED: Record<string, { tables: string[]; change: string }> = {
  'demo/seed-demo.ts': {
    tables: ['activities', 'knowledge_base', 'knowledge_gaps'],
    change: 'the seed calls the owners (activities, knowledge-base, knowledge-gaps) as it calls messaging',
  },
};

const KYSELY_WRITE = /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]([a-z_]+)['"`]/g;
const SQL_TEMPLATE = /\bsql(?:<[^>]*>)?`([^`]*)`/g;
const RAW_WRITE =
  /\b(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from)\s+["']?([a-z_]+)/gi;

function ownerMap(): Map<string, string> {
  const doc = readFileSync(ARCHITECTURE, 'utf8');
  const section = doc.split('<!-- table-owners:start -->')[1]?.split('<!-- table-owners:end -->')[0] ?? '';
  const owners = new Map<string, string>();
  for (const [, table, owner] of section.matchAll(/^\|\s*`([a-z_]+)`\s*\|\s*`([^`]+)`\s*\|/gm)) {
    owners.set(table as string, owner as string);
  }
  return owners;
}

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(SRC, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('db/migrations/') && !file.split('/').includes('test-support'));
}

/** The tables a source text writes, by Kysely or raw SQL (only names in `tables` count). */
export function writtenTables(source: string, tables: ReadonlySet<string>): Set<string> {
  const written = new Set<string>();
  for (const [, table] of source.matchAll(KYSELY_WRITE)) written.add(table as string);
  for (const [, body] of source.matchAll(SQL_TEMPLATE)) {
    for (const [, table] of (body as string).matchAll(RAW_WRITE)) {
      if (tables.has((table as string).toLowerCase())) written.add((table as string).toLowerCase());
    }
  }
  return written;
}

const isUnder = (file: string, owner: string) => file === owner || file.startsWith(`${owner}/`);

describe('table owners', () => {
  const owners = ownerMap();
  const tables = new Set(owners.keys());

  it('reads the owner map from docs/architecture.md', () => {
    expect(owners.get('messages')).toBe('conversations/messaging');
    expect(owners.size).toBeGreaterThan(10);
  });

  it('finds Kysely and raw SQL writes, not reads or comments', () => {
    const source = [
      "db.insertInto('messages').values(row); db.selectFrom('users');",
      '// delete from storage',
      'sql`update conversations set x = 1 on conflict do update set y = 2`',
      'sql<number>`select * from labels`',
    ].join('\n');
    expect([...writtenTables(source, tables)].sort()).toEqual(['conversations', 'messages']);
  });

  it('every table written by production code is written only under its owner', () => {
    const violations: string[] = [];
    for (const file of productionFiles(SRC)) {
      for (const table of writtenTables(readFileSync(join(SRC, file), 'utf8'), tables)) {
        const owner = owners.get(table);
        if (!owner) {
          violations.push(`${file} writes ${table}, which has no owner in docs/architecture.md`);
        } else if (!isUnder(file, owner) && !ALLOWED[file]?.tables.includes(table)) {
          violations.push(`${file} writes ${table}, owned by ${owner}: call ${owner}'s service instead`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('lists no allowed exception that is gone', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, { tables: allowed }]) => {
      let written = new Set<string>();
      try {
        written = writtenTables(readFileSync(join(SRC, file), 'utf8'), tables);
      } catch {}
      return allowed
        .filter((table) => !written.has(table))
        .map((table) => `${file} no longer writes ${table}`);
    });
    expect(stale).toEqual([]);
  });
});
