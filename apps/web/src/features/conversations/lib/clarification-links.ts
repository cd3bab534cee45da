import type { ClarificationPick, Message } from '@atende/contracts';

/**
 * Each clarifying question with the agent's answer to the customer's reply, both ways: the question
 * shows which option was picked, the answer which question it followed. Only among loaded messages.
 */
export function clarificationLinks(messages: readonly Message[]): Map<string, Message> {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const links = new Map<string, Message>();
  for (const message of messages) {
    const c = message.clarification;
    if (c?.kind !== 'resolution') continue;
    const question = byId.get(c.clarificationMessageId);
    if (!question) continue;
    links.set(question.id, message);
    links.set(message.id, question);
  }
  return links;
}

export const PICKED_BY_LABELS: Record<ClarificationPick, string> = {
  number: 'pelo número',
  words: 'pelas palavras do assunto',
  interactive: 'tocando na lista',
};
