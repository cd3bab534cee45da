/** Lower case without accents, one code unit per character kept, so indexes match the original. */
function fold(text: string): string {
  return Array.from(text, (char) => {
    const bare = char.normalize('NFD').replace(/\p{Diacritic}/gu, '');
    // A character that folds to several code units (rare ligatures) keeps its length.
    return bare.length === char.length ? bare.toLowerCase() : char.toLowerCase();
  }).join('');
}

export interface Snippet {
  before: string;
  match: string;
  after: string;
}

/**
 * The part of `text` around the first place `query` occurs (accents and case ignored), split so the
 * match can be highlighted; the start of the text when it does not occur.
 */
export function snippetAround(text: string, query: string, radius = 48): Snippet {
  const flat = text.replace(/\s+/g, ' ').trim();
  const needle = fold(query.trim());
  const at = needle ? fold(flat).indexOf(needle) : -1;
  if (at < 0) {
    const head = flat.length > radius * 2 ? `${flat.slice(0, radius * 2).trimEnd()}…` : flat;
    return { before: head, match: '', after: '' };
  }
  const start = Math.max(0, at - radius);
  const end = Math.min(flat.length, at + needle.length + radius);
  return {
    before: `${start > 0 ? '…' : ''}${flat.slice(start, at).trimStart()}`,
    match: flat.slice(at, at + needle.length),
    after: `${flat.slice(at + needle.length, end).trimEnd()}${end < flat.length ? '…' : ''}`,
  };
}
