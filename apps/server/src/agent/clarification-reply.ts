import type { ClarificationOption, ClarificationPick } from '@atende/contracts';
import { analyze } from '../lib/text/analyzer.js';
import { words } from '../lib/text/normalize.js';
import { asksForPerson } from './handoff-intent.js';

export type PickResult =
  | { kind: 'option'; option: ClarificationOption; by: ClarificationPick }
  | { kind: 'person'; option: ClarificationOption | null; by: ClarificationPick }
  | { kind: 'none' };

const ORDINALS = new Map([
  ['primeiro', 1],
  ['primeira', 1],
  ['segundo', 2],
  ['segunda', 2],
  ['terceiro', 3],
  ['terceira', 3],
  ['quarto', 4],
  ['quarta', 4],
]);
/** Words a reply may wrap a number in: "a 2", "opção 2", "quero o número 1 por favor". */
const FILLER = new Set(
  'a o e quero queria é e sobre essa esse opcao numero num n item assunto pergunta por favor pf pfv isso mesmo'.split(
    ' ',
  ),
);
/** A title named by words must be this much closer to the reply than the next ("nota fiscal" fits two). */
const CLEAR_WINNER = 1.5;
/** Above this many words a reply is a sentence of its own, not a pick by number. */
const MAX_NUMBER_REPLY_WORDS = 6;

function byNumber(reply: string, options: readonly ClarificationOption[]): ClarificationOption | null {
  const list = words(reply);
  if (list.length === 0 || list.length > MAX_NUMBER_REPLY_WORDS) return null;
  const picks = list.filter((w) => /^\d+$/.test(w) || ORDINALS.has(w));
  if (picks.length !== 1) return null;
  // "segunda" is also Monday: an ordinal counts only among filler words ("a segunda", "segunda opção").
  if (!list.every((w) => w === picks[0] || FILLER.has(w))) return null;
  const n = ORDINALS.get(picks[0]!) ?? Number(picks[0]);
  return options[n - 1] ?? null;
}

function stems(text: string): Set<string> {
  return new Set(analyze(text).map((t) => t.stem));
}

/**
 * The option whose title is closest to the reply's words (shared words over all the words of both, so
 * "Como faço a matrícula?" names that title rather than "Posso trancar a matrícula?"), when one
 * clearly is: a word every option has says nothing about which.
 */
function byWords(reply: string, options: readonly ClarificationOption[]): ClarificationOption | null {
  const said = stems(reply);
  if (said.size === 0) return null;
  const titles = options.map((o) => stems(o.title));
  const common = (s: string): boolean => titles.length > 1 && titles.every((t) => t.has(s));
  const scores = titles.map((t) => {
    const shared = [...said].filter((s) => t.has(s) && !common(s)).length;
    return shared / new Set([...said, ...t]).size;
  });
  const [best = 0, second = 0] = scores.toSorted((a, b) => b - a);
  if (best === 0 || best < CLEAR_WINNER * second) return null;
  return options[scores.indexOf(best)] ?? null;
}

/**
 * Which option the customer's reply to a clarifying question names: the tapped one (an interactive
 * list or buttons), a number or ordinal, a person asked for, or the words of a topic's title.
 * Anything else names none.
 */
export function readPick(
  reply: string,
  options: readonly ClarificationOption[],
  interactiveReplyId: string | null | undefined,
  handoffKeywords: readonly string[],
): PickResult {
  const as = (option: ClarificationOption, by: ClarificationPick): PickResult =>
    option.passageId === null ? { kind: 'person', option, by } : { kind: 'option', option, by };
  const tapped = interactiveReplyId ? options.find((o) => o.id === interactiveReplyId) : undefined;
  if (tapped) return as(tapped, 'interactive');
  const numbered = byNumber(reply, options);
  if (numbered) return as(numbered, 'number');
  if (asksForPerson(reply, handoffKeywords)) {
    return { kind: 'person', option: options.find((o) => o.passageId === null) ?? null, by: 'words' };
  }
  const topics = options.filter((o) => o.passageId !== null);
  const named = byWords(reply, topics);
  return named ? as(named, 'words') : { kind: 'none' };
}
