import { expect, it } from 'vitest';
import { describeEachDatabase, useMigratedDatabase } from '../../../test/helpers.js';
import { addClient, addConversation, addMessage } from '../../../test/metric-fixtures.js';
import { type TransactionBatcher, transactionBatcher } from '../../db/group-commit.js';
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
    // Each status's UPDATE is one work of the shared group commit.
    let updates = 0;
    const writes = transactionBatcher(database().db, { batching: true });
    const counted: TransactionBatcher = {
      run: (work, lockKey) => {
        updates++;
        return writes.run(work, lockKey);
      },
      drain: () => writes.drain(),
    };
    const announced: unknown[] = [];
    const realtime = {
      toConversation: (_id: string, _event: string, payload: unknown) => announced.push(payload),
    } as unknown as Realtime;
    const statuses = new DeliveryStatuses({ kind, realtime, writes: counted });

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

  it('finds messages by the provider ids receipts carry, whatever their characters and number', async () => {
    const db = database().db;
    const conversationId = await addConversation(db, await addClient(db));
    const providerIds = ['wamid.A,"b"\\c', 'wamid.{d}', "wamid.e'f"];
    const ids: string[] = [];
    for (const [i, providerId] of providerIds.entries()) {
      const id = await addMessage(db, conversationId, 'agent', 10 + i);
      await db
        .updateTable('messages')
        .set({ status: 'sent', provider_message_id: providerId })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    const realtime = { toConversation: () => {} } as unknown as Realtime;
    const statuses = new DeliveryStatuses({
      kind,
      realtime,
      writes: transactionBatcher(db, { batching: true }),
    });

    await statuses.advance({ providerMessageId: providerIds[0] as string }, 'delivered');
    await Promise.all(
      providerIds.map((providerMessageId) => statuses.advance({ providerMessageId }, 'read')),
    );
    const stored = await db.selectFrom('messages').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(stored.map((row) => row.status)).toEqual(['read', 'read', 'read']);
  });
});
