import type { Message, TimelineEntry } from '@atende/contracts';

/** One line of the chat: a message, a private note, or a system line ("Ana assumiu a conversa"). */
export type TranscriptItem =
  | { kind: 'message'; key: string; at: number; message: Message }
  | { kind: 'note' | 'event'; key: string; at: number; entry: TimelineEntry };

function time(iso: string): number {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : at;
}

/**
 * Messages and the timeline (both oldest first) merged by time; at the same instant the message comes
 * first (the line saying what a person did follows what prompted it). While older messages are still
 * to be loaded, timeline entries older than the first loaded message wait for them, so a note never
 * shows above a gap in the conversation.
 */
export function mergeTranscript(
  messages: readonly Message[],
  timeline: readonly TimelineEntry[],
  options: { hasOlder: boolean },
): TranscriptItem[] {
  const first = messages[0];
  const from = options.hasOlder && first ? time(first.timestamp) : Number.NEGATIVE_INFINITY;
  const seen = new Set<string>();
  const entries = timeline
    .filter((entry) => {
      if (seen.has(entry.id)) return false;
      seen.add(entry.id);
      return time(entry.createdAt) >= from;
    })
    .map((entry) => ({ kind: entry.kind, key: `t:${entry.id}`, at: time(entry.createdAt), entry }))
    .sort((a, b) => a.at - b.at);
  const items: TranscriptItem[] = [];
  let e = 0;
  for (const message of messages) {
    const at = time(message.timestamp);
    while (e < entries.length && entries[e]!.at < at) items.push(entries[e++]!);
    items.push({ kind: 'message', key: message.id, at, message });
  }
  while (e < entries.length) items.push(entries[e++]!);
  return items;
}
