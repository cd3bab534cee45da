import { describe, expect, it, vi } from 'vitest';
import { clearDraft, DRAFT_TTL_MS, DRAFTS_KEY, getDraft, MAX_DRAFTS, saveDraft } from './draft-store';

describe('the draft store', () => {
  it('keeps a draft per conversation, with whether it was a note', () => {
    saveDraft('c1', { text: 'Olá, ', isNote: false });
    saveDraft('c2', { text: '@Ana veja isso', isNote: true });
    expect(getDraft('c1')).toEqual({ text: 'Olá, ', isNote: false });
    expect(getDraft('c2')).toEqual({ text: '@Ana veja isso', isNote: true });
    expect(getDraft('c3')).toBeNull();
  });

  it('survives a reload (it lives in localStorage)', () => {
    saveDraft('c1', { text: 'rascunho', isNote: false });
    expect(JSON.parse(localStorage.getItem(DRAFTS_KEY) ?? '{}')).toMatchObject({
      c1: { text: 'rascunho', isNote: false },
    });
  });

  it('forgets a blank draft and a cleared one', () => {
    saveDraft('c1', { text: 'algo', isNote: false });
    saveDraft('c1', { text: '   ', isNote: false });
    expect(getDraft('c1')).toBeNull();
    saveDraft('c2', { text: 'enviado', isNote: false });
    clearDraft('c2');
    expect(getDraft('c2')).toBeNull();
    expect(localStorage.getItem(DRAFTS_KEY)).toBeNull();
  });

  it('forgets drafts older than a week and keeps only the newest ones', () => {
    const start = 1_000_000;
    saveDraft('old', { text: 'velho', isNote: false }, start);
    expect(getDraft('old', start + DRAFT_TTL_MS + 1)).toBeNull();
    for (let i = 0; i < MAX_DRAFTS + 5; i++) saveDraft(`c${i}`, { text: `t${i}`, isNote: false }, start + i);
    expect(getDraft('c0', start + MAX_DRAFTS + 5)).toBeNull();
    expect(getDraft(`c${MAX_DRAFTS + 4}`, start + MAX_DRAFTS + 5)?.text).toBe(`t${MAX_DRAFTS + 4}`);
    expect(Object.keys(JSON.parse(localStorage.getItem(DRAFTS_KEY) ?? '{}'))).toHaveLength(MAX_DRAFTS);
  });

  it('reads nothing from a damaged entry, with a warning', () => {
    localStorage.setItem(DRAFTS_KEY, '{not json');
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(getDraft('c1')).toBeNull();
    expect(warned).toHaveBeenCalled();
    warned.mockRestore();
  });
});
