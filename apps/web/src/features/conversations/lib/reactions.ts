import type { Reactions } from '@atende/contracts';

/** Has our side (any operator or the AI) already given this emoji? */
export function hasAgentReacted(reactions: Reactions, emoji: string): boolean {
  return reactions[emoji]?.senders.some((s) => s.sender === 'agent') ?? false;
}

/** Spec §4: clicking an emoji the agent already gave removes it (null); otherwise sends the emoji. */
export function nextReaction(reactions: Reactions, emoji: string): string | null {
  return hasAgentReacted(reactions, emoji) ? null : emoji;
}

/**
 * Optimistic local view of our reaction: one reaction per sender (as on WhatsApp), so a new emoji
 * replaces the agent's previous one; null removes it. Emoji left with no senders disappear.
 */
export function applyAgentReaction(reactions: Reactions, emoji: string | null): Reactions {
  const next: Reactions = {};
  for (const [key, value] of Object.entries(reactions)) {
    const senders = value.senders.filter((s) => s.sender !== 'agent');
    if (senders.length > 0) next[key] = { senders };
  }
  if (emoji) next[emoji] = { senders: [...(next[emoji]?.senders ?? []), { sender: 'agent' }] };
  return next;
}

/** Spec §4: an update with no senders for an emoji removes that emoji. */
export function cleanReactions(reactions: Reactions): Reactions {
  const next: Reactions = {};
  for (const [key, value] of Object.entries(reactions)) {
    if (value.senders.length > 0) next[key] = value;
  }
  return next;
}
