import type { Conversation, Message, TeamMember, TimelineEntry } from '@atende/contracts';

export const T0 = '2026-03-02T10:00:00.000Z';

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c1',
    clientId: 'client-c1',
    startedAt: T0,
    status: 'active',
    lastMessage: 'Oi',
    lastMessageTime: '2026-03-02T10:05:00.000Z',
    messageCount: 1,
    averageResponseTime: null,
    sentimentScore: null,
    isAiHandled: true,
    tags: [],
    handler: { mode: 'ai', userId: null, userName: null, since: T0, reason: null },
    clientName: 'Maria Souza',
    clientPhone: '5511999990001',
    inboxId: 'default',
    archivedAt: null,
    snoozedUntil: null,
    unreadCount: 0,
    ...overrides,
  };
}

export function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    conversationId: 'c1',
    sender: 'client',
    content: 'Oi, preciso de ajuda',
    type: 'text',
    timestamp: '2026-03-02T10:05:00.000Z',
    aiGenerated: false,
    confidenceScore: null,
    mediaUrl: null,
    mediaMimeType: null,
    replyTo: null,
    reactions: {},
    status: 'delivered',
    authorName: null,
    evidence: [],
    ...overrides,
  };
}

export function timelineEntry(overrides: Partial<TimelineEntry> = {}): TimelineEntry {
  return {
    id: 't1',
    conversationId: 'c1',
    kind: 'event',
    event: 'taken_over',
    text: 'Ana assumiu a conversa',
    author: { id: 'u-ana', name: 'Ana' },
    mentions: [],
    createdAt: '2026-03-02T10:06:00.000Z',
    ...overrides,
  };
}

export function member(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 'u-ana',
    name: 'Ana Paula',
    avatar: null,
    role: 'operator',
    availability: 'online',
    openConversations: 2,
    ...overrides,
  };
}

export const TEAM: TeamMember[] = [
  member(),
  member({ id: 'u-bruno', name: 'Bruno Lima', availability: 'away', openConversations: 0 }),
  member({ id: 'admin-1', name: 'Pessoa', role: 'admin', availability: 'online', openConversations: 1 }),
];
