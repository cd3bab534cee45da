import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../test/helpers.js';
import { addClient, addConversation, addMessage } from '../../../test/metric-fixtures.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.js';
import type { Realtime } from '../../types.js';
import { DeliveryStatuses } from './delivery-status.js';

describeEachDatabase('delivery statuses', (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await database.destroy();
  });

  it('coalesces changes asked in one turn into one UPDATE per status, announces each, never steps back', async () => {
    const conversationId = await addConversation(handle.db, await addClient(handle.db));
    const ids = [
      await addMessage(handle.db, conversationId, 'agent', 1),
      await addMessage(handle.db, conversationId, 'agent', 2),
      await addMessage(handle.db, conversationId, 'agent', 3),
    ];
    await handle.db.updateTable('messages').set({ status: 'pending' }).where('id', 'in', ids).execute();
    let updates = 0;
    const db = handle.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'UpdateQueryNode') updates++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const announced: unknown[] = [];
    const realtime = {
      toConversation: (_id: string, _event: string, payload: unknown) => announced.push(payload),
    } as unknown as Realtime;
    const statuses = new DeliveryStatuses({ db, realtime });

    // Three sends end in the same turn: one UPDATE; a receipt already ahead of one of them is kept.
    await statuses.advance({ id: ids[2] as string }, 'delivered');
    updates = 0;
    announced.length = 0;
    await Promise.all(ids.map((id) => statuses.advance({ id }, 'sent')));
    expect(updates).toBe(1);
    const stored = await handle.db
      .selectFrom('messages')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .execute();
    expect(Object.fromEntries(stored.map((row) => [row.id, row.status]))).toEqual({
      [ids[0] as string]: 'sent',
      [ids[1] as string]: 'sent',
      [ids[2] as string]: 'delivered',
    });
    expect(announced).toHaveLength(2);
    expect(announced).toEqual(
      expect.arrayContaining([
        { conversationId, messageId: ids[0], status: 'sent' },
        { conversationId, messageId: ids[1], status: 'sent' },
      ]),
    );
  });
});
