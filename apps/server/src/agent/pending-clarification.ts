import { messageClarificationSchema, type Sender } from '@atende/contracts';
import type { PendingClarification } from './clarification-resolve.js';

/** A clarifying question is answered within WhatsApp's 24-hour window; a later reply is a new question. */
export const CLARIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

interface StoredHistory {
  id: string;
  sender: Sender;
  content: string;
  timestamp: number;
  clarification: string | null;
}

function questionOf(json: string | null) {
  if (!json) return null;
  try {
    const parsed = messageClarificationSchema.safeParse(JSON.parse(json));
    return parsed.success && parsed.data.kind === 'question' ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The clarifying question a customer message replies to: the agent's last message before it, if that
 * asked one, within 24 hours, and nobody took the conversation over since (a person's word, or a
 * takeover and hand-back, leaves it behind). The original question and up to `historyLimit` messages
 * before it come from the history.
 */
export function pendingClarification(
  message: { timestamp: number; handlerSince: number; history: readonly StoredHistory[] },
  historyLimit: number,
): PendingClarification | undefined {
  const last = message.history.at(-1);
  const question = last?.sender === 'agent' ? questionOf(last.clarification) : null;
  if (!last || !question) return undefined;
  if (message.timestamp - last.timestamp > CLARIFICATION_TTL_MS) return undefined;
  if (message.handlerSince > last.timestamp) return undefined;
  const at = message.history.findIndex((h) => h.id === question.questionMessageId);
  if (at < 0) return undefined;
  return {
    messageId: last.id,
    question: message.history[at]!.content,
    history: message.history
      .slice(Math.max(0, at - historyLimit), at)
      .map(({ sender, content }) => ({ sender, content })),
    options: question.options,
  };
}
