import { describe, expect, it } from 'vitest';
import { newId, randomHex } from './ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('is a UUID version 7 whose first 48 bits are the Unix milliseconds', () => {
    const at = Date.UTC(2026, 10, 23, 12, 34, 56, 789);
    const id = newId(at);
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts identifiers made in later milliseconds after earlier ones (index locality)', () => {
    const ids = Array.from({ length: 200 }, (_, i) => newId(1_795_000_000_000 + i * 7));
    expect([...ids].sort()).toEqual(ids);
  });

  it('without a time, identifiers made one after another sort in the order they were made', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });

  it('with the present time, identifiers of one millisecond sort in the order they were made', () => {
    const at = Date.now();
    const ids = Array.from({ length: 2000 }, () => newId(at));
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('never repeats, across refills of its random pool', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 5000 }, () => newId(at)));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });
});

describe('randomHex', () => {
  it('draws distinct upper-case hex strings of the asked length, across refills and beside newId', () => {
    const values = new Set(
      Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? `${newId()}` : randomHex(10))),
    );
    expect(values.size).toBe(3000);
    for (const value of values) if (!value.includes('-')) expect(value).toMatch(/^[0-9A-F]{20}$/);
  });
});
