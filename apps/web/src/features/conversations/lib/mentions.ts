/** Pure helpers of the `@` picker in a private note: which `@…` is being typed, who matches, insertion. */

export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** What follows the `@` up to the caret ("Ana P"). */
  query: string;
}

/** Names hold spaces ("Ana Paula"), so the query may too, up to this long. */
const MAX_QUERY = 30;

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The `@…` the caret is in, if any: the `@` starts the text or follows a space or a line break (an
 * e-mail address is not a mention), and nothing between it and the caret breaks a line.
 */
export function findMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  if (start > 0 && !/\s/.test(before.charAt(start - 1))) return null;
  const query = before.slice(start + 1);
  if (query.length > MAX_QUERY || /[\n@]/.test(query) || /^\s/.test(query) || /\s{2}$/.test(query)) {
    return null;
  }
  return { start, query };
}

/**
 * Team members matching the query, best first: the name starts with it, then a word of the name does,
 * then it appears anywhere; case- and accent-insensitive. An empty query lists everyone.
 */
export function suggestMembers<M extends { id: string; name: string }>(
  members: readonly M[],
  query: string,
  options: { excludeId?: string | null; limit?: number } = {},
): M[] {
  const needle = fold(query.trim());
  const ranked: Array<{ member: M; rank: number }> = [];
  for (const member of members) {
    if (member.id === options.excludeId) continue;
    const name = fold(member.name);
    let rank: number;
    if (!needle || name.startsWith(needle)) rank = 0;
    else if (name.split(/\s+/).some((word) => word.startsWith(needle))) rank = 1;
    else if (name.includes(needle)) rank = 2;
    else continue;
    ranked.push({ member, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.member.name.localeCompare(b.member.name, 'pt-BR'));
  return ranked.slice(0, options.limit ?? 6).map((r) => r.member);
}

/** "@Ana Paula " typed out (or just picked): the mention is done, nothing more to suggest. */
export function isFinishedMention(query: string, members: readonly { name: string }[]): boolean {
  if (!/\s$/.test(query)) return false;
  const typed = fold(query.trim());
  return members.some((member) => fold(member.name) === typed);
}

/** Replaces the `@query` being typed with `@Name ` and says where the caret goes. */
export function insertMention(
  text: string,
  mention: MentionQuery,
  name: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${name} `;
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}
