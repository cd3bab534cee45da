import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../test/helpers.js';
import { openDatabase } from '../database.js';

describe.runIf(process.env.TEST_DATABASE_URL)('idle transactions [postgres]', () => {
  const database = useMigratedDatabase('postgres');

  it("a transaction left idle (its process frozen) loses its session and its row locks, so others' writes go through", async () => {
    const handle = openDatabase(database().url, { idleInTransactionTimeoutMs: 400 });
    try {
      await handle.db
        .insertInto('channel_state')
        .values({ key: 'lease-row', state: '{}', updated_at: 1 })
        .execute();
      let resumeFrozen: () => void = () => {};
      const frozen = new Promise<void>((resolve) => {
        resumeFrozen = resolve;
      });
      let locked: () => void = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // The holder locks the row, as a fenced key write does, then stops doing anything.
      const holder = handle.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('channel_state')
          .select('key')
          .where('key', '=', 'lease-row')
          .forUpdate()
          .execute();
        locked();
        await frozen;
        await trx
          .updateTable('channel_state')
          .set({ state: '{"late":true}' })
          .where('key', '=', 'lease-row')
          .execute();
      });
      const holderOutcome = holder.then(
        () => 'committed',
        () => 'refused',
      );
      await lockTaken;

      const started = Date.now();
      await handle.db
        .updateTable('channel_state')
        .set({ state: '{"taken":true}' })
        .where('key', '=', 'lease-row')
        .execute();
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(300);
      expect(waited).toBeLessThan(5_000);

      // The frozen holder resumes: its transaction is gone, its late write applies nothing.
      resumeFrozen();
      expect(await holderOutcome).toBe('refused');
      const row = await handle.db
        .selectFrom('channel_state')
        .select('state')
        .where('key', '=', 'lease-row')
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('{"taken":true}');
      // The pool replaced the ended session: later queries run.
      expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
