import type { Conversation } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filterConversations, matchesFilters, sameFilters } from './conversation-filters';
import { matchesStatusFilter } from './conversation-status';

function row(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c1',
    clientId: '5511999990001',
    startedAt: '2025-01-01T10:00:00.000Z',
    status: 'active',
    lastMessage: 'Quero trocar o tamanho do tênis',
    lastMessageTime: '2025-01-01T10:05:00.000Z',
    messageCount: 3,
    averageResponseTime: null,
    sentimentScore: null,
    isAiHandled: true,
    tags: ['troca'],
    handler: { mode: 'ai', userId: null, userName: null, since: '2025-01-01T10:00:00.000Z', reason: null },
    clientName: 'João Gonçalves',
    clientPhone: '+5511999990001',
    inboxId: 'default',
    ...overrides,
  };
}

describe('conversation filters', () => {
  it('searches client id, client name (accent-insensitive) and last message', () => {
    expect(matchesFilters(row(), { ...DEFAULT_FILTERS, search: '99990001' })).toBe(true);
    expect(matchesFilters(row(), { ...DEFAULT_FILTERS, search: 'joao goncalves' })).toBe(true);
    expect(matchesFilters(row(), { ...DEFAULT_FILTERS, search: 'TENIS' })).toBe(true);
    expect(matchesFilters(row(), { ...DEFAULT_FILTERS, search: 'boleto' })).toBe(false);
    expect(
      matchesFilters(row({ lastMessage: null, clientName: null }), { ...DEFAULT_FILTERS, search: 'x' }),
    ).toBe(false);
  });

  it('treats finished and completed as the same status', () => {
    expect(matchesStatusFilter({ status: 'completed' }, 'finished')).toBe(true);
    expect(matchesStatusFilter({ status: 'completed' }, 'completed')).toBe(true);
    expect(matchesStatusFilter({ status: 'active' }, 'finished')).toBe(false);
    expect(matchesStatusFilter({ status: 'whatever' }, 'all')).toBe(true);
  });

  it('lists archived rows only under Arquivadas', () => {
    const archived = { status: 'completed', archivedAt: '2025-01-02T10:00:00.000Z' };
    expect(matchesStatusFilter(archived, 'archived')).toBe(true);
    expect(matchesStatusFilter(archived, 'all')).toBe(false);
    expect(matchesStatusFilter(archived, 'finished')).toBe(false);
    expect(matchesStatusFilter({ status: 'active', archivedAt: null }, 'archived')).toBe(false);
  });

  it('filters by handler and by every listed tag', () => {
    const rows = [
      row({ id: 'a' }),
      row({ id: 'b', tags: ['troca', 'vip'], handler: { ...row().handler, mode: 'human', userName: 'Ana' } }),
      row({ id: 'c', status: 'paused' }),
    ];
    expect(filterConversations(rows, { ...DEFAULT_FILTERS, handler: 'human' }).map((r) => r.id)).toEqual([
      'b',
    ]);
    expect(
      filterConversations(rows, { ...DEFAULT_FILTERS, tags: ['troca', 'vip'] }).map((r) => r.id),
    ).toEqual(['b']);
    expect(filterConversations(rows, { ...DEFAULT_FILTERS, status: 'paused' }).map((r) => r.id)).toEqual([
      'c',
    ]);
  });

  it("filters by inbox; a row whose inbox is not known yet is in no inbox's list", () => {
    const filters = { ...DEFAULT_FILTERS, inboxId: 'sales' };
    expect(matchesFilters(row({ inboxId: 'sales' }), filters)).toBe(true);
    expect(matchesFilters(row({ inboxId: 'default' }), filters)).toBe(false);
    expect(matchesFilters(row({ inboxId: '' }), filters)).toBe(false);
    expect(matchesFilters(row({ inboxId: '' }), DEFAULT_FILTERS)).toBe(true);
    expect(sameFilters(filters, DEFAULT_FILTERS)).toBe(false);
    expect(sameFilters({ ...DEFAULT_FILTERS, inboxId: undefined }, DEFAULT_FILTERS)).toBe(true);
  });
});
