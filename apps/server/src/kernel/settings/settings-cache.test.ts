import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { getSettings, invalidateSettings, onSettingsSaved, updateSettings } from './settings.service.js';

describeEachDatabase('settings cache', (kind) => {
  const ctx = useTestApp(kind);

  it('serves repeated reads from memory and sees its own writes at once', async () => {
    const db = ctx.app.db;
    invalidateSettings(db);
    const before = await getSettings(db, 'config');
    // A write that bypasses updateSettings is not seen until the cache entry expires or is dropped.
    await db
      .insertInto('settings')
      .values({ key: 'config', value: JSON.stringify({ ...before, assistantName: 'Direto' }), updated_at: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify({ ...before, assistantName: 'Direto' }) }),
      )
      .execute();
    expect((await getSettings(db, 'config')).assistantName).toBe(before.assistantName);
    invalidateSettings(db, 'config');
    expect((await getSettings(db, 'config')).assistantName).toBe('Direto');

    await updateSettings(db, 'config', { assistantName: 'Bia' }, null);
    expect((await getSettings(db, 'config')).assistantName).toBe('Bia');
  });

  it('no caller can change what the others read: the shared values are frozen', async () => {
    const first = await getSettings(ctx.app.db, 'config');
    expect(() => first.handoffKeywords.push('mutated')).toThrow(TypeError);
    expect(() => Object.assign(first, { assistantName: 'mutated' })).toThrow(TypeError);
    const second = await getSettings(ctx.app.db, 'config');
    expect(second.assistantName).not.toBe('mutated');
    expect(second.handoffKeywords).not.toContain('mutated');
  });

  it('reads through inside a transaction', async () => {
    const db = ctx.app.db;
    await getSettings(db, 'config');
    const seen = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('settings')
        .set({ value: JSON.stringify({ assistantName: 'Trx' }) })
        .where('key', '=', 'config')
        .execute();
      return getSettings(trx, 'config');
    });
    expect(seen.assistantName).toBe('Trx');
    invalidateSettings(db);
  });

  it('answers a save only after its listeners finished what they book', async () => {
    const booked: string[] = [];
    const stop = onSettingsSaved(ctx.app.db, 'config', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      booked.push('done');
    });
    try {
      await updateSettings(ctx.app.db, 'config', { assistantName: 'Lia' }, null);
      expect(booked).toEqual(['done']);
    } finally {
      stop();
    }
  });
});
