import type { Message, TimelineEntry } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { mergeTranscript } from './transcript';

function message(id: string, timestamp: string): Message {
  return {
    id,
    conversationId: 'c1',
    sender: 'client',
    content: id,
    type: 'text',
    timestamp,
    aiGenerated: false,
    confidenceScore: null,
    mediaUrl: null,
    mediaMimeType: null,
    replyTo: null,
    reactions: {},
    status: 'delivered',
    authorName: null,
    evidence: [],
  };
}

function entry(id: string, createdAt: string, kind: 'note' | 'event' = 'event'): TimelineEntry {
  return {
    id,
    conversationId: 'c1',
    kind,
    event: kind === 'event' ? 'taken_over' : null,
    text: id,
    author: { id: 'u1', name: 'Ana' },
    mentions: [],
    createdAt,
  };
}

const at = (minute: number) => `2026-03-02T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('mergeTranscript', () => {
  it('merges messages, notes and system lines by time', () => {
    const items = mergeTranscript(
      [message('m1', at(1)), message('m2', at(5)), message('m3', at(9))],
      [entry('assumiu', at(3)), entry('nota', at(6), 'note'), entry('resolvida', at(12))],
      { hasOlder: false },
    );
    expect(items.map((i) => i.key)).toEqual(['m1', 't:assumiu', 'm2', 't:nota', 'm3', 't:resolvida']);
    expect(items.map((i) => i.kind)).toEqual(['message', 'event', 'message', 'note', 'message', 'event']);
  });

  it('puts a message before a line of the same instant, and shows each entry once', () => {
    const items = mergeTranscript(
      [message('m1', at(1))],
      [entry('e1', at(1)), entry('e1', at(1)), entry('e0', at(0))],
      { hasOlder: false },
    );
    expect(items.map((i) => i.key)).toEqual(['t:e0', 'm1', 't:e1']);
  });

  it('holds back entries older than the loaded messages while older ones are still to load', () => {
    const messages = [message('m5', at(5))];
    const timeline = [entry('antes', at(2)), entry('depois', at(7))];
    expect(mergeTranscript(messages, timeline, { hasOlder: true }).map((i) => i.key)).toEqual([
      'm5',
      't:depois',
    ]);
    expect(mergeTranscript(messages, timeline, { hasOlder: false }).map((i) => i.key)).toEqual([
      't:antes',
      'm5',
      't:depois',
    ]);
  });

  it('shows the timeline alone when there are no messages', () => {
    expect(mergeTranscript([], [entry('n', at(1), 'note')], { hasOlder: false })).toHaveLength(1);
  });
});
