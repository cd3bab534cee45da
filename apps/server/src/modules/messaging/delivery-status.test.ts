import { expect, it } from 'vitest';
import { describeEachDatabase, useMigratedDatabase } from '../../../test/helpers.js';
import { addClient, addConversation, addMessage } from '../../../test/metric-fixtures.js';
import { transactionBatcher } from '../../db/group-commit.js';
import type { Realtime } from '../../types.js';
import { DeliveryStatuses } from './delivery-status.js';

describeEachDatabase('delivery statuses', (kind) => {
  const database = useMigratedDatabase(kind);

  it('coalesces changes asked together into one UPDATE per status, announces each, never steps back', async () => {
    const conversationId = await addConversation(database().db, await addClient(database().db));
    const ids = [
      await addMessage(database().db, conversationId, 'agent', 1),
      await addMessage(database().db, conversationId, 'agent', 2),
      await addMessage(database().db, conversationId, 'agent', 3),
    ];
    await database().db.updateTable('messages').set({ status: 'pending' }).where('id', 'in', ids).execute();
    let updates = 0;
    const db = database().db.withPlugin({
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
    const statuses = new DeliveryStatuses({ realtime, writes: transactionBatcher(db, { batching: true }) });

    // Three sends end in the same turn: one UPDATE; a receipt already ahead of one of them is kept.
    await statuses.advance({ id: ids[2] as string }, 'delivered');
    updates = 0;
    announced.length = 0;
    await Promise.all(ids.map((id) => statuses.advance({ id }, 'sent')));
    expect(updates).toBe(1);
    const stored = await database()
      .db.selectFrom('messages')
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
