import type { ClarificationOption } from '@atende/contracts';
import type { DomainItem } from './domains.js';

/** Whether the passage id is the expected one (a long section split in paragraphs gets `-2`, `-3`…). */
export function samePassage(id: string, expected: string): boolean {
  return id === expected || (id.startsWith(`${expected}-`) && /^\d+$/.test(id.slice(expected.length + 1)));
}

/**
 * A customer answering the agent's clarifying question: picks the topic that answers the question when
 * it is offered — by its number on even turns, by the topic's words (its title) on odd ones, so both
 * ways of picking are measured — and asks for a person otherwise.
 */
export function customerReply(
  item: DomainItem,
  options: readonly ClarificationOption[],
  turn: number,
): string {
  const k = options.findIndex(
    (o) => o.passageId !== null && item.expect.some((e) => samePassage(o.passageId!, e)),
  );
  if (k < 0) return 'quero falar com um atendente';
  return turn % 2 === 0 ? String(k + 1) : options[k]!.title;
}
