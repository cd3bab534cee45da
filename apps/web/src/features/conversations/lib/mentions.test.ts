import { findMentions } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { findMentionQuery, insertMention, isFinishedMention, suggestMembers } from './mentions';

const team = [
  { id: 'u1', name: 'Ana Paula' },
  { id: 'u2', name: 'Ana' },
  { id: 'u3', name: 'João Silva' },
  { id: 'u4', name: 'Mariana' },
];

describe('findMentionQuery', () => {
  it('finds the @ being typed at the start, after a space or a line break', () => {
    expect(findMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(findMentionQuery('oi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(findMentionQuery('linha\n@Jo', 9)).toEqual({ start: 6, query: 'Jo' });
    expect(findMentionQuery('@Ana P', 6)).toEqual({ start: 0, query: 'Ana P' });
  });

  it('ignores e-mail addresses, finished lines and the text after the caret', () => {
    expect(findMentionQuery('ana@loja.com', 12)).toBeNull();
    expect(findMentionQuery('@ana\noi', 7)).toBeNull();
    expect(findMentionQuery('sem arroba', 10)).toBeNull();
    expect(findMentionQuery('oi @ana', 2)).toBeNull();
    expect(findMentionQuery('@ ana', 5)).toBeNull();
    expect(findMentionQuery('@Ana  ', 6)).toBeNull();
  });
});

describe('suggestMembers', () => {
  it('ranks names starting with the query, then a word, then anywhere; accents ignored', () => {
    expect(suggestMembers(team, 'ana').map((m) => m.name)).toEqual(['Ana', 'Ana Paula', 'Mariana']);
    expect(suggestMembers(team, 'silva').map((m) => m.name)).toEqual(['João Silva']);
    expect(suggestMembers(team, 'JOAO').map((m) => m.name)).toEqual(['João Silva']);
    expect(suggestMembers(team, 'zz')).toEqual([]);
  });

  it('lists everyone for an empty query, without the writer, up to the limit', () => {
    expect(suggestMembers(team, '', { excludeId: 'u2' }).map((m) => m.id)).toEqual(['u1', 'u3', 'u4']);
    expect(suggestMembers(team, '', { limit: 2 })).toHaveLength(2);
  });
});

describe('insertMention', () => {
  it('replaces the query with @Name and a space, caret after it', () => {
    const text = 'oi @an tudo bem';
    const mention = findMentionQuery(text, 6)!;
    expect(insertMention(text, mention, 'Ana Paula')).toEqual({
      text: 'oi @Ana Paula tudo bem',
      caret: 14,
    });
  });

  it('inserts what the contracts then read as a mention', () => {
    const { text } = insertMention('@ana', findMentionQuery('@ana', 4)!, 'Ana Paula');
    expect(findMentions(text, team).map((m) => m.id)).toEqual(['u1']);
  });
});

describe('isFinishedMention', () => {
  it('is a whole name followed by a space', () => {
    expect(isFinishedMention('Ana Paula ', team)).toBe(true);
    expect(isFinishedMention('joão silva ', team)).toBe(true);
    expect(isFinishedMention('Ana ', team)).toBe(true);
    expect(isFinishedMention('Ana Paula', team)).toBe(false);
    expect(isFinishedMention('An ', team)).toBe(false);
  });
});
