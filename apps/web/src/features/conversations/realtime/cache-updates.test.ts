import type { Conversation, Message } from '@atende/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { conversationMessagesKey, type MessagesCache } from '../api/get-conversation';
import { type ConversationsCache, getConversationsQueryOptions } from '../api/get-conversations';
import { DEFAULT_FILTERS } from '../lib/conversation-filters';
import {
  applyIncomingToList,
  applyMessage,
  setReactions,
  upsertConversation,
  upsertMessage,
} from './cache-updates';

const T0 = '2025-01-01T10:00:00.000Z';
function row(
  id: string,
  clientId: string,
  time: string,
  overrides: Partial<Conversation> = {},
): Conversation {
  return {
    id,
    clientId,
    startedAt: T0,
    status: 'paused',
    lastMessage: 'antes',
    lastMessageTime: time,
    messageCount: 2,
    averageResponseTime: null,
    sentimentScore: null,
    isAiHandled: false,
    tags: [],
    handler: { mode: 'human', userId: 'u', userName: 'Ana', since: T0, reason: null },
    clientName: null,
    clientPhone: null,
    inboxId: 'default',
    ...overrides,
  };
}
function message(id: string, conversationId = 'c1', overrides: Partial<Message> = {}): Message {
  return {
    id,
    conversationId,
    sender: 'client',
    content: `m-${id}`,
    type: 'text',
    timestamp: '2025-01-01T11:00:00.000Z',
    aiGenerated: false,
    confidenceScore: null,
    mediaUrl: null,
    mediaMimeType: null,
    replyTo: null,
    reactions: {},
    status: 'sent',
    authorName: null,
    evidence: [],
    ...overrides,
  };
}

function setup() {
  const qc = new QueryClient();
  const listKey = getConversationsQueryOptions(DEFAULT_FILTERS).queryKey;
  const list: ConversationsCache = {
    pages: [
      {
        rows: [row('c2', 'k2', '2025-01-01T10:30:00.000Z'), row('c1', 'k1', T0)],
        nextCursor: null,
        total: 2,
      },
    ],
    pageParams: [null],
  };
  qc.setQueryData(listKey, list);
  const messages: MessagesCache = {
    pages: [{ conversation: row('c1', 'k1', T0), messages: [message('m1')], hasMore: false }],
    pageParams: [null],
  };
  qc.setQueryData(conversationMessagesKey('c1'), messages);
  const rows = () => qc.getQueryData<ConversationsCache>(listKey)!.pages.flatMap((p) => p.rows);
  const chat = () =>
    qc.getQueryData<MessagesCache>(conversationMessagesKey('c1'))!.pages.flatMap((p) => p.messages);
  return { qc, rows, chat };
}

describe('realtime cache updates', () => {
  it('appends a message once, even when it arrives twice (POST answer and event)', () => {
    const { qc, rows, chat } = setup();
    const m = message('m2');
    for (let i = 0; i < 2; i++) {
      upsertMessage(qc, m);
      applyIncomingToList(qc, {
        conversationId: 'c1',
        clientId: 'k1',
        messageId: 'm2',
        content: m.content,
        timestamp: m.timestamp,
      });
    }
    expect(chat().map((x) => x.id)).toEqual(['m1', 'm2']);
    const first = rows()[0]!;
    expect(first.id).toBe('c1');
    expect(first.status).toBe('active');
    expect(first.messageCount).toBe(3);
    expect(first.lastMessage).toBe('m-m2');
  });

  it('puts a whole message in its chat and list once; without replace it keeps the copy there', () => {
    const { qc, rows, chat } = setup();
    const sent = message('m3', 'c1', { sender: 'agent', content: 'Olá' });
    applyMessage(qc, sent, false);
    applyMessage(qc, { ...sent, content: 'eco' }, false);
    expect(chat().map((m) => [m.id, m.content])).toEqual([
      ['m1', 'm-m1'],
      ['m3', 'Olá'],
    ]);
    expect(rows()[0]).toMatchObject({ id: 'c1', status: 'active', messageCount: 3, lastMessage: 'Olá' });
    applyMessage(qc, { ...sent, content: 'editada' });
    expect(chat()[1]?.content).toBe('editada');
  });

  it('creates a conversation for an unknown client: active, count 1, AI-handled, first', () => {
    const { qc, rows } = setup();
    applyIncomingToList(qc, {
      conversationId: 'c9',
      clientId: 'k9',
      messageId: 'x9',
      content: 'Olá',
      timestamp: '2025-01-02T00:00:00.000Z',
    });
    const created = rows()[0]!;
    expect(created).toMatchObject({
      id: 'c9',
      clientId: 'k9',
      status: 'active',
      messageCount: 1,
      isAiHandled: true,
    });
    expect(rows()).toHaveLength(3);
  });

  it('does not count a message twice when the full row arrived first', () => {
    const { qc, rows } = setup();
    upsertConversation(
      qc,
      row('c1', 'k1', '2025-01-01T12:00:00.000Z', { messageCount: 3, status: 'active' }),
    );
    applyIncomingToList(qc, {
      conversationId: 'c1',
      clientId: 'k1',
      messageId: 'late',
      content: 'x',
      timestamp: '2025-01-01T12:00:00.000Z',
    });
    expect(rows()[0]).toMatchObject({ id: 'c1', messageCount: 3 });
  });

  it('replaces reactions and drops emoji without senders', () => {
    const { qc, chat } = setup();
    setReactions(qc, 'c1', 'm1', { '👍': { senders: [{ sender: 'client' }] }, '😂': { senders: [] } });
    expect(chat()[0]!.reactions).toEqual({ '👍': { senders: [{ sender: 'client' }] } });
  });
});
