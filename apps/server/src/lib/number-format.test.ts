import { expect, it } from 'vitest';
import { formatNumber, formatPercent } from './number-format.js';

it('formats numbers in pt-BR', () => {
  expect(formatPercent(0.25)).toBe('25%');
  expect(formatPercent(0.857)).toBe('86%');
  expect(formatNumber(1234.5)).toBe('1.234,5');
});
