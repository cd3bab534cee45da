import type { Transaction } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, useMigratedDatabase } from '../../../test/helpers.js';
import { addClient, addConversation, addMessage } from '../../../test/metric-fixtures.js';
import { personalDataEraser } from '../../customers/privacy/erase-personal-data.js';
import { openDatabase } from '../../db/database.js';
import { type TransactionBatcher, transactionBatcher } from '../../db/group-commit.js';
import type { Database } from '../../db/schema.js';
import { JobRunner } from '../../jobs/job-runner.js';
import type { AuthUser, DomainEvents, Realtime } from '../../types.js';
import { lockConversationsInOrder } from './change-handler.js';
import { createMessaging } from './messaging.js';

const OPERATOR: AuthUser = {
  id: 'user-op',
  name: 'Operadora',
  email: 'op@atende.local',
  role: 'operator',
  avatar: null,
};

describeEachDatabase('messaging writes share group commits', (kind) => {
  const database = useMigratedDatabase(kind);

  /**
   * Messaging over the shared batcher the app uses, which notes the transaction each work ran in
   * under the label current when it was submitted (a batch that fails runs its works again, alone).
   */
  function setup() {
    const db = database().db;
    const inner = transactionBatcher(db, {
      batching: true,
      lockInOrder: kind === 'postgres' ? lockConversationsInOrder : undefined,
    });
    const ran: Array<{ label: string; trx: Transaction<Database> }> = [];
    let label = '';
    const writes: TransactionBatcher = {
      run: (work, lockKey) => {
        const submittedAs = label;
        return inner.run((trx) => {
          ran.push({ label: submittedAs, trx });
          return work(trx);
        }, lockKey);
      },
      drain: () => inner.drain(),
    };
    const announced: string[] = [];
    const note = (event: string, payload: unknown) => {
      const { conversationId } = payload as { conversationId?: string };
      announced.push(`${event} ${conversationId ?? ''}`);
    };
    const realtime = {
      toDashboard: (event: string, payload: unknown) => note(event, payload),
      toConversation: (_id: string, event: string, payload: unknown) => note(event, payload),
      toDashboardAndConversation: (_id: string, event: string, payload: unknown) => note(event, payload),
    } as unknown as Realtime;
    const domainEvents: DomainEvents = { publish: () => {}, subscribe: () => () => {} };
    const messaging = createMessaging({
      db,
      kind,
      realtime,
      domainEvents,
      jobs: new JobRunner({ db }),
      writes,
      personalData: personalDataEraser,
    });
    /** Calls `submit` with its writes noted under `name`. */
    const as = <T>(name: string, submit: () => Promise<T>): Promise<T> => {
      label = name;
      try {
        return submit();
      } finally {
        label = '';
      }
    };
    return { db, writes, ran, announced, messaging, as };
  }

  /** An AI-held conversation with a customer question, a person-held one, and two pending replies of ours. */
  async function fixtures() {
    const db = database().db;
    const asked = await addConversation(db, await addClient(db));
    const question = await addMessage(db, asked, 'client', 1_000);
    const held = await addConversation(db, await addClient(db), { handlerMode: 'human' });
    const other = await addConversation(db, await addClient(db));
    const sentOne = await addMessage(db, other, 'agent', 2_000);
    const namedOne = await addMessage(db, other, 'agent', 3_000);
    await db
      .updateTable('messages')
      .set({ status: 'pending' })
      .where('id', 'in', [sentOne, namedOne])
      .execute();
    const reply = {
      conversationId: asked,
      content: 'Entregamos em até 3 dias úteis.',
      confidence: 0.9,
      evidence: [],
      providerMessageId: `ATD-${question}`,
      answeredBy: [`ATD-${question}`, `ATD-H-${question}`] as const,
    };
    return { asked, held, other, sentOne, namedOne, reply };
  }

  const messageRow = (id: string) =>
    database()
      .db.selectFrom('messages')
      .select(['status', 'provider_message_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('an agent reply, an operator send, a provider id and a delivery status asked together share one transaction; a failing write fails alone', async () => {
    const { ran, announced, messaging, as, writes } = setup();
    const f = await fixtures();
    await database()
      .db.insertInto('settings')
      .values({ key: 'taken', value: '1', updated_at: 0, updated_by: null })
      .execute();

    const results = await Promise.allSettled([
      as('reply', () => messaging.appendAgentReply(f.reply)),
      as('send', () => messaging.appendOutbound(f.held, OPERATOR, { message: 'Já verifico.', type: 'text' })),
      as('status', () => messaging.advanceStatus({ id: f.sentOne }, 'sent')),
      // A key that exists: this write fails, and on PostgreSQL it aborts the transaction it runs in.
      as('failing', () =>
        writes.run((trx) =>
          trx
            .insertInto('settings')
            .values({ key: 'taken', value: '2', updated_at: 0, updated_by: null })
            .execute(),
        ),
      ),
      as('provider id', () => messaging.assignProviderId(f.namedOne, `wamid.${f.namedOne}`)),
    ]);

    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    // First, one transaction for all of them, which the failing write rolled back; then each alone.
    const firstBatch = ran.filter((r) => r.trx === ran[0]?.trx).map((r) => r.label);
    expect(firstBatch).toEqual(['reply', 'send', 'status', 'failing']);
    const retried = ran.slice(firstBatch.length);
    expect(retried.map((r) => r.label)).toEqual(['reply', 'send', 'status', 'failing', 'provider id']);
    expect(new Set(retried.map((r) => r.trx)).size).toBe(retried.length);

    // Every write but the failing one is stored, once, and announced.
    expect(await messageRow(f.sentOne)).toMatchObject({ status: 'sent' });
    expect(await messageRow(f.namedOne)).toMatchObject({ provider_message_id: `wamid.${f.namedOne}` });
    const stored = await database()
      .db.selectFrom('messages')
      .select(['conversation_id', 'content'])
      .where('conversation_id', 'in', [f.asked, f.held])
      .where('sender', '!=', 'client')
      .execute();
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(
      expect.arrayContaining([
        { conversation_id: f.asked, content: f.reply.content },
        { conversation_id: f.held, content: 'Já verifico.' },
      ]),
    );
    expect(announced).toEqual(
      expect.arrayContaining([
        `conversations:newMessage ${f.asked}`,
        `conversations:newMessage ${f.held}`,
        `message:status ${f.other}`,
      ]),
    );
  });

  it('announces each write only after the commit that holds it', async () => {
    const { announced, messaging, writes } = setup();
    const f = await fixtures();
    let reached!: () => void;
    const running = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });

    const answers = [
      messaging.appendAgentReply(f.reply),
      messaging.appendOutbound(f.held, OPERATOR, { message: 'Já verifico.', type: 'text' }),
      messaging.advanceStatus({ id: f.sentOne }, 'delivered'),
      // Last in the batch: every write above has run, and the transaction stays open until released.
      writes.run(async () => {
        reached();
        await gate;
      }),
    ];
    await running;
    // Another connection sees none of it, and nobody was told.
    const other = openDatabase(database().url);
    try {
      const seen = await other.db
        .selectFrom('messages')
        .select('status')
        .where('id', '=', f.sentOne)
        .executeTakeFirstOrThrow();
      expect(seen.status).toBe('pending');
    } finally {
      await other.close();
    }
    expect(announced).toEqual([]);

    release();
    await Promise.all(answers);
    expect(await messageRow(f.sentOne)).toMatchObject({ status: 'delivered' });
    expect(announced).toEqual(
      expect.arrayContaining([
        `conversations:newMessage ${f.asked}`,
        `conversations:newMessage ${f.held}`,
        `message:status ${f.other}`,
      ]),
    );
  });
});
