import { describe, expect, it } from 'vitest';
import { formatDocumentTitle } from './document-title';

describe('formatDocumentTitle', () => {
  it('puts the count first, and nothing at zero', () => {
    expect(formatDocumentTitle(3)).toBe('(3) Atende');
    expect(formatDocumentTitle(1)).toBe('(1) Atende');
    expect(formatDocumentTitle(0)).toBe('Atende');
  });

  it('caps a large count and ignores nonsense', () => {
    expect(formatDocumentTitle(250)).toBe('(99+) Atende');
    expect(formatDocumentTitle(-1)).toBe('Atende');
    expect(formatDocumentTitle(Number.NaN)).toBe('Atende');
  });
});
