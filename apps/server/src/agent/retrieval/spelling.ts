/**
 * How pt-BR words are spelt by ear and clipped in chat, so a question word the knowledge base never
 * uses may still meet the word it meant: "fika" → "fica", "endereso" → "endereço", "conçerto" →
 * "conserto" (same sound), "micro" → "micropigmentação", "cross" → "crossfit" (a clipped word).
 */

/** Lowercase, accents off but "ç" read as the "s" it sounds. */
function soundText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/c\u0327/g, 's')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Words of a text as they sound (`phoneticKey` of each), with the folded word they came from. */
export function soundsOf(text: string): { folded: string; key: string }[] {
  const out: { folded: string; key: string }[] = [];
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  const sounded = soundText(text).match(/[a-z0-9]+/g);
  if (!folded || !sounded || folded.length !== sounded.length) return out;
  folded.forEach((w, i) => {
    if (w.length >= 3 && !/\d/.test(w)) out.push({ folded: w, key: phoneticKey(sounded[i]!) });
  });
  return out;
}

/**
 * A key under which words that sound alike in pt-BR meet: silent initial "h", "ch"/"x", "lh"/"li",
 * "nh"/"ni", soft "c"/"ç"/"ss"/"sc"/"xc"/"z" as "s" (chat writes one for another), "qu"/"c"/"k" as
 * "k", final "l" as "u", final "n" as "m", doubled letters single.
 */
export function phoneticKey(word: string): string {
  return word
    .replace(/^h/, '')
    .replace(/ch/g, 'x')
    .replace(/lh/g, 'li')
    .replace(/nh/g, 'ni')
    .replace(/[sx]c(?=[ei])/g, 's')
    .replace(/c(?=[ei])/g, 's')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/gu(?=[ei])/g, 'g')
    .replace(/[cq]/g, 'k')
    .replace(/w/g, 'v')
    .replace(/y/g, 'i')
    .replace(/z/g, 's')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/l$/, 'u')
    .replace(/n$/, 'm');
}

/** Words by the way they sound, and by their beginnings (for clipped words). */
export class SpellingVocabulary {
  private readonly bySound = new Map<string, string>();
  private readonly sorted: string[];

  constructor(sounds: Iterable<{ folded: string; key: string }>, words: Iterable<string>) {
    for (const { folded, key } of sounds) if (!this.bySound.has(key)) this.bySound.set(key, folded);
    this.sorted = [...new Set(words)].filter((w) => w.length >= 6 && !/\d/.test(w)).sort();
  }

  /** The knowledge base's word that sounds like this one (folded), if any. */
  soundsLike(word: string): string | undefined {
    if (word.length < 3 || /\d/.test(word)) return undefined;
    return this.bySound.get(phoneticKey(word));
  }

  /**
   * The knowledge base's words this one is the clipped beginning of ("micro" → "micropigmentacao"),
   * at least two letters longer; the caller decides whether they are one word.
   */
  extensionsOf(word: string): string[] {
    if (word.length < 4 || /\d/.test(word)) return [];
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(word); i++) {
      if (this.sorted[i]!.length >= word.length + 2) out.push(this.sorted[i]!);
      if (out.length > 8) break;
    }
    return out;
  }
}
