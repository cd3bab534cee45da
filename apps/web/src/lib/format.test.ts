import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCount,
  formatDate,
  formatDecimal,
  formatDuration,
  formatKilobytes,
  formatMilliseconds,
  formatNumber,
  formatPercent,
  formatRatio,
  formatRelativeTime,
  formatTime,
} from './format';

const now = new Date(2025, 4, 20, 15, 30, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime', () => {
  it('says Agora under one minute and for future instants', () => {
    expect(formatRelativeTime(ago(59_000), now)).toBe('Agora');
    expect(formatRelativeTime(ago(-10_000), now)).toBe('Agora');
  });
  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('há 1 min');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('há 59 min');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('há 3 h');
    expect(formatRelativeTime(ago(26 * 3_600_000), now)).toBe('há 1 dia');
    expect(formatRelativeTime(ago(7 * 86_400_000), now)).toBe('há 7 dias');
  });
  it('shows dd/MM after seven days', () => {
    expect(formatRelativeTime(new Date(2025, 4, 1, 10, 0), now)).toBe('01/05');
  });
  it('accepts ISO strings and epoch numbers; invalid input is empty', () => {
    expect(formatRelativeTime(ago(120_000).toISOString(), now)).toBe('há 2 min');
    expect(formatRelativeTime(ago(120_000).getTime(), now)).toBe('há 2 min');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatTime / formatDate', () => {
  it('uses 24-hour HH:mm and dd/MM/yyyy', () => {
    expect(formatTime(new Date(2025, 0, 2, 9, 5))).toBe('09:05');
    expect(formatTime(new Date(2025, 0, 2, 21, 45))).toBe('21:45');
    expect(formatDate(new Date(2025, 0, 2))).toBe('02/01/2025');
  });
});

describe('numbers', () => {
  it('formats pt-BR numbers and percents', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1.23456, 2)).toBe('1,23');
    expect(formatPercent(99.94)).toBe('99,9%');
    expect(formatPercent(85, 0)).toBe('85%');
    expect(formatChange(12.34)).toBe('+12,3%');
    expect(formatChange(-4)).toBe('-4,0%');
    expect(formatChange(0)).toBe('0,0%');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
  it('keeps a fixed number of decimals and counts with their noun', () => {
    expect(formatDecimal(3)).toBe('3,0');
    expect(formatDecimal(12.345, 2)).toBe('12,35');
    expect(formatCount(1, 'tag', 'tags')).toBe('1 tag');
    expect(formatCount(0, 'tag', 'tags')).toBe('0 tags');
    expect(formatCount(1234, 'mensagem', 'mensagens')).toBe('1.234 mensagens');
  });
  it('formats ratios, milliseconds and kilobytes', () => {
    expect(formatRatio(0.254)).toBe('25%');
    expect(formatRatio(1)).toBe('100%');
    expect(formatRatio(Number.NaN)).toBe('—');
    expect(formatMilliseconds(1234.4)).toBe('1.234 ms');
    expect(formatKilobytes(1536)).toBe('1,5 KB');
    expect(formatKilobytes(2048)).toBe('2,0 KB');
  });
  it('formats durations', () => {
    expect(formatDuration(850)).toBe('< 1 s');
    expect(formatDuration(1200)).toBe('1,2 s');
    expect(formatDuration(95_000)).toBe('1 min 35 s');
    expect(formatDuration(10_730_400)).toBe('2 h 59 min');
  });
});
