/** Abbreviations whose period does not end a sentence. */
const ABBREVIATIONS = /(?:\b(?:dr|dra|sr|sra|av|r|n|nº|prof|profa|etc|ex|obs|tel|aprox)\.)$/i;

/**
 * The sentences of a passage's text, in order: split after `.`, `!` or `?` followed by a space,
 * and at line breaks (list items), never inside "R$ 1.650" or after "Dr.". With `clauses`, also
 * after `;` (a list of prices in one sentence becomes one clause per price, for ranking).
 */
export function sentencesOf(text: string, { clauses = false } = {}): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    let start = 0;
    const trimmed = line.trim();
    const re = clauses ? /[.!?;]+(?=\s+\S)/g : /[.!?]+(?=\s+\S)/g;
    for (let match = re.exec(trimmed); match; match = re.exec(trimmed)) {
      const end = match.index + match[0].length;
      const candidate = trimmed.slice(start, end).trim();
      if (ABBREVIATIONS.test(candidate)) continue;
      if (candidate) out.push(candidate);
      start = end;
    }
    const rest = trimmed.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out;
}
