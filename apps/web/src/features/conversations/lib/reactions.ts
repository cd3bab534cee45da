import type { Reactions } from '@atende/contracts';

type Entry = Reactions[string];

/**
 * The emoji of a reaction map as a Map: emoji come from outside (the customer's channel), and on a
 * plain object `constructor` or `__proto__` would read or set something inherited.
 */
const entries = (reactions: Reactions) => new Map<string, Entry>(Object.entries(reactions));

/** Has our side (any operator or the AI) already given this emoji? */
export function hasAgentReacted(reactions: Reactions, emoji: string): boolean {
  return (
    Object.hasOwn(reactions, emoji) && (reactions[emoji]?.senders.some((s) => s.sender === 'agent') ?? false)
  );
}

/** Clicking an emoji the agent already gave removes it (null); otherwise sends the emoji. */
export function nextReaction(reactions: Reactions, emoji: string): string | null {
  return hasAgentReacted(reactions, emoji) ? null : emoji;
}

/**
 * Optimistic local view of our reaction: one reaction per sender (as on WhatsApp), so a new emoji
 * replaces the agent's previous one; null removes it. Emoji left with no senders disappear.
 */
export function applyAgentReaction(reactions: Reactions, emoji: string | null): Reactions {
  const next = new Map<string, Entry>();
  for (const [key, value] of entries(reactions)) {
    const senders = value.senders.filter((s) => s.sender !== 'agent');
    if (senders.length > 0) next.set(key, { senders });
  }
  if (emoji) next.set(emoji, { senders: [...(next.get(emoji)?.senders ?? []), { sender: 'agent' }] });
  return Object.fromEntries(next);
}

/** An update with no senders for an emoji removes that emoji. */
export function cleanReactions(reactions: Reactions): Reactions {
  return Object.fromEntries([...entries(reactions)].filter(([, value]) => value.senders.length > 0));
}
