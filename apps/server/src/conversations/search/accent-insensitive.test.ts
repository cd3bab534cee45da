import { describe, expect, it } from 'vitest';
import { globPattern, plainRun, regexPattern } from './accent-insensitive.js';

describe('accent-insensitive patterns', () => {
  it('turns each folded letter into the class of its accented forms, in both cases', () => {
    expect(globPattern('nao')).toBe('*[nñÑ][aáàâãäÁÀÂÃÄ][oóòôõöÓÒÔÕÖ]*');
    expect(globPattern('preco')).toBe('*pr[eéèêëÉÈÊË][cçÇ][oóòôõöÓÒÔÕÖ]*');
  });

  it("takes GLOB's wildcards and a regular expression's special characters as letters", () => {
    expect(globPattern('a*b?[1]')).toBe('*[aáàâãäÁÀÂÃÄ][*]b[?][[]1]*');
    expect(regexPattern('r$ 1.5 (x)')).toBe('r\\$ 1\\.5 \\(x\\)');
    expect(regexPattern('sao')).toBe('s[aáàâãäÁÀÂÃÄ][oóòôõöÓÒÔÕÖ]');
  });

  it('finds the longest run that every matching text holds as typed', () => {
    expect(plainRun('rastreio')).toBe('str');
    expect(plainRun('pedido 1234')).toBe(' 1234');
    expect(plainRun('sp 1234 x')).toBe('sp 1234 x');
    expect(plainRun('aeiou')).toBe('');
  });
});
