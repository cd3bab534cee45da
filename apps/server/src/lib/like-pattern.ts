/**
 * A LIKE pattern matching `term` anywhere, with `\` escaping the wildcards: a `%` or `_` typed by a
 * user is a letter. Use it with `ESCAPE '\'` (PostgreSQL's default; SQLite has none).
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
