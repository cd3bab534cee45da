import { describe, expect, it } from 'vitest';
import { dashboardKeys, isFilteredKey } from './query-keys';

describe('dashboard figure keys', () => {
  it('tell the unfiltered figures (what the live push carries) from filtered ones', () => {
    expect(isFilteredKey(dashboardKeys.stats())).toBe(false);
    expect(isFilteredKey(dashboardKeys.charts({}))).toBe(false);
    expect(isFilteredKey(dashboardKeys.stats({ inboxId: undefined }))).toBe(false);
    expect(isFilteredKey(dashboardKeys.stats({ inboxId: 'loja' }))).toBe(true);
    expect(isFilteredKey(dashboardKeys.charts({ labelId: 'vip' }))).toBe(true);
    // Every stats key shares the prefix a refetch or an invalidation names.
    expect(dashboardKeys.stats({ userId: 'ana' }).slice(0, 2)).toEqual(dashboardKeys.stats().slice(0, 2));
  });
});
