import { CSAT_SCALE } from '@atende/contracts';
import { foldText } from '../../lib/text/normalize.js';

/**
 * What a customer's reply to the survey says, understood on every channel: the tapped choice, a
 * number ("5", "nota 4", "4/5", "4 de 5"), a word ("ótimo", "ruim", "mais ou menos"), stars or an emoji
 * ("😡", "⭐⭐⭐⭐"). A reply that says more than a rating ("ótimo, mas e o meu reembolso?") is not one:
 * it reopens the conversation like any other message.
 */

const TAPPED = new Map<string, number>(CSAT_SCALE.map((step) => [step.id, step.rating]));

/** Folded phrases, longest first when read. */
const PHRASES: ReadonlyArray<[string, number]> = [
  ['muito bom', 5],
  ['muito boa', 5],
  ['excelente', 5],
  ['otimo', 5],
  ['otima', 5],
  ['perfeito', 5],
  ['perfeita', 5],
  ['maravilhoso', 5],
  ['maravilhosa', 5],
  ['sensacional', 5],
  ['incrivel', 5],
  ['nota maxima', 5],
  ['top', 5],
  ['amei', 5],
  ['adorei', 5],
  ['bom', 4],
  ['boa', 4],
  ['gostei', 4],
  ['legal', 4],
  ['satisfeito', 4],
  ['satisfeita', 4],
  ['mais ou menos', 3],
  ['regular', 3],
  ['razoavel', 3],
  ['mediano', 3],
  ['mediana', 3],
  ['nao gostei', 2],
  ['insatisfeito', 2],
  ['insatisfeita', 2],
  ['ruim', 2],
  ['fraco', 2],
  ['fraca', 2],
  ['muito ruim', 1],
  ['pessimo', 1],
  ['pessima', 1],
  ['horrivel', 1],
  ['terrivel', 1],
  ['lixo', 1],
  ['um lixo', 1],
];
const PHRASE_RATING = new Map(PHRASES);

const NUMBER_WORDS = new Map<string, number>([
  ['um', 1],
  ['uma', 1],
  ['dois', 2],
  ['duas', 2],
  ['tres', 3],
  ['quatro', 4],
  ['cinco', 5],
]);

/** Words that go with a rating without changing it ("foi ótimo o atendimento, obrigado"). */
const FILLER = new Set([
  'nota',
  'notas',
  'minha',
  'meu',
  'dou',
  'daria',
  'voto',
  'foi',
  'e',
  'o',
  'a',
  'de',
  'do',
  'da',
  'pra',
  'para',
  'atendimento',
  'atendente',
  'estrela',
  'estrelas',
  'ponto',
  'pontos',
  'obrigado',
  'obrigada',
  'obg',
  'valeu',
  'vlw',
  'sim',
  'achei',
  'tudo',
  'super',
  'bem',
]);

/** Emoji by the rating they say; a reply of several agreeing ones counts once. */
const EMOJI: ReadonlyArray<[RegExp, number]> = [
  [/^(?:😡|🤬|😠|👎|💩)$/u, 1],
  [/^(?:😞|☹️?|🙁|😕|😒|😢|😭)$/u, 2],
  [/^(?:😐|😶|🤔|😑)$/u, 3],
  [/^(?:🙂|😊|👍|👌|☺️?)$/u, 4],
  [/^(?:😍|🤩|😀|😁|😃|😄|🥰|👏|❤️?|💯|🙌|😘|💖|💙|💚)$/u, 5],
];

const segmenter = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/** An emoji-only reply ("😡", "👍👍", "⭐⭐⭐⭐") as a rating, or null. */
function emojiRating(text: string): number | null {
  const graphemes = [...segmenter.segment(text.replace(/\s+/g, ''))].map((s) => s.segment);
  if (graphemes.length === 0 || graphemes.length > 10) return null;
  const stars = graphemes.filter((g) => g === '⭐' || g === '🌟').length;
  if (stars === graphemes.length) return stars >= 1 && stars <= 5 ? stars : null;
  let found: number | null = null;
  for (const grapheme of graphemes) {
    const rating = EMOJI.find(([pattern]) => pattern.test(grapheme))?.[1];
    if (rating === undefined || (found !== null && found !== rating)) return null;
    found = rating;
  }
  return found;
}

/** The rating a reply gives (1–5), or null when it is not only a rating. */
export function ratingOf(text: string, interactiveReplyId?: string | null): number | null {
  const tapped = interactiveReplyId ? TAPPED.get(interactiveReplyId) : undefined;
  if (tapped !== undefined) return tapped;
  if (text.includes('?')) return null;
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 80) return null;
  const emoji = emojiRating(trimmed);
  if (emoji !== null) return emoji;
  // Emoji beside words ("ótimo 👍"): the words decide.
  const folded = foldText(trimmed)
    .replace(/\p{Extended_Pictographic}|\u{FE0F}/gu, ' ')
    // "4/5", "4 de 5", "4 em 5": the scale's 5 is not a second rating.
    .replace(/\b([1-5])\s*(?:\/|de|em)\s*5\b/g, '$1')
    .replace(/[^a-z0-9 ]+/g, ' ');
  const tokens = folded.split(/\s+/).filter((t) => t.length > 0 && !FILLER.has(t));
  if (tokens.length === 0 || tokens.length > 4) return null;
  const numbers = tokens.filter((t) => /^\d+$/.test(t));
  if (numbers.length > 0) {
    if (numbers.length !== 1) return null;
    const value = Number(numbers[0]);
    if (value < 1 || value > 5) return null;
    // The number may come with a word of the scale ("4 bom", "5 - excelente"), which it decides.
    const rest = tokens.filter((t) => t !== numbers[0]).join(' ');
    return rest === '' || PHRASE_RATING.has(rest) ? value : null;
  }
  const phrase = tokens.join(' ');
  return PHRASE_RATING.get(phrase) ?? (tokens.length === 1 ? (NUMBER_WORDS.get(phrase) ?? null) : null);
}

/**
 * Whether a message after the rating reads as its comment rather than a new request: text with no
 * question in it. ("O atendente foi atencioso" is a comment; "e o meu pedido?" reopens.)
 */
export function isComment(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && !trimmed.includes('?');
}
