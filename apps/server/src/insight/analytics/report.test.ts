import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addClient,
  addConversation,
  addMessage,
  DEFAULT_TIME_ZONE,
  sp,
  testDatabases,
} from '../../../test/metric-fixtures.js';
import { UNLIMITED_SCOPE } from '../../conversations/visibility/visibility.service.js';
import type { DatabaseHandle } from '../../db/database.js';
import { csvStream } from '../../lib/csv.js';
import { computeReport } from './report.service.js';
import { exportTable } from './report-export.js';

const RANGE = { from: '2025-06-01', to: '2025-06-03' }; // 2025-06-01 is a Sunday

describe.each(testDatabases())('analytics report on $kind', (target) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ handle, dispose } = await target.open());
  });
  afterEach(async () => {
    await dispose();
  });

  const db = () => handle.db;
  async function reply(conversation: string, at: string, ai: boolean, confidence?: number) {
    const id = await addMessage(db(), conversation, ai ? 'agent' : 'admin', sp(at), { aiGenerated: ai });
    if (confidence !== undefined) {
      await db().updateTable('messages').set({ confidence_score: confidence }).where('id', '=', id).execute();
    }
  }
  async function handlerChange(
    conversation: string,
    at: string,
    to: 'waiting_human' | 'human',
    cause: string | null,
  ) {
    await db()
      .insertInto('handler_changes')
      .values({
        id: `${conversation}-${at}`,
        conversation_id: conversation,
        at: sp(at),
        from_mode: 'ai',
        to_mode: to,
        cause,
      })
      .execute();
  }

  let ids = { a: '', b: '', c: '', d: '' };
  /** The hand-computed fixture of docs/metrics.md §Analytics report. */
  async function fixture() {
    const a = await addConversation(db(), await addClient(db()), {
      startedAt: sp('2025-06-01T09:00:00'),
      convertedAt: sp('2025-06-02T12:00:00'),
    });
    await addMessage(db(), a, 'client', sp('2025-06-01T09:00:00'));
    await reply(a, '2025-06-01T09:00:30', true, 0.8);
    await addMessage(db(), a, 'client', sp('2025-06-01T10:00:00'));
    await reply(a, '2025-06-01T10:02:00', false);

    const b = await addConversation(db(), await addClient(db()), { startedAt: sp('2025-06-02T14:00:00') });
    await addMessage(db(), b, 'client', sp('2025-06-02T14:00:00'));
    await handlerChange(b, '2025-06-02T14:01:00', 'waiting_human', 'low_confidence');
    await handlerChange(b, '2025-06-02T14:04:00', 'human', null);
    await reply(b, '2025-06-02T14:05:00', false);
    await reply(b, '2025-06-02T14:06:00', true, 0.7); // no client message since ours: no response time

    const c = await addConversation(db(), await addClient(db()), { startedAt: sp('2025-05-30T08:00:00') });
    await addMessage(db(), c, 'client', sp('2025-05-30T08:00:00'));
    await reply(c, '2025-05-30T08:00:05', true, 0.9); // before the range: answers the earlier run
    await addMessage(db(), c, 'client', sp('2025-06-03T20:00:00'));
    await reply(c, '2025-06-03T20:00:10', true, 0.6);
    await handlerChange(c, '2025-06-03T20:01:00', 'waiting_human', 'person_requested');

    const d = await addConversation(db(), await addClient(db()), { startedAt: sp('2025-06-04T00:00:00') });
    await addMessage(db(), d, 'client', sp('2025-06-04T00:00:00')); // the day after the range

    for (const id of [a, b, c, d]) {
      const last = await db()
        .selectFrom('messages')
        .select((eb) => eb.fn.max('timestamp').as('t'))
        .where('conversation_id', '=', id)
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('conversations')
        .set({ last_message_time: Number(last.t) })
        .where('id', '=', id)
        .execute();
    }
    ids = { a, b, c, d };
    await db()
      .insertInto('knowledge_gaps')
      .values([
        gap('g1', 'Vocês aceitam pix?', 5, '2025-06-02T10:00:00'),
        gap('g2', 'Tem estacionamento?', 9, '2025-06-04T10:00:00'), // asked after the range
      ])
      .execute();
  }
  const gap = (id: string, question: string, count: number, at: string) => ({
    id,
    question_key: question,
    question,
    count,
    reason: 'low_confidence' as const,
    last_asked_at: sp(at),
    status: 'open' as const,
    created_at: sp(at),
  });

  it('computes every figure of the range from the hand-computed fixture', async () => {
    await fixture();
    const report = await computeReport(db(), RANGE, UNLIMITED_SCOPE, DEFAULT_TIME_ZONE);
    expect(report.range).toEqual({
      from: new Date(sp('2025-06-01T00:00:00')).toISOString(),
      to: new Date(sp('2025-06-04T00:00:00')).toISOString(),
      days: 3,
    });
    expect(report.conversations).toEqual({ active: 3, started: 2, converted: 1, conversionRate: 33.3 });
    expect(report.responseTime).toEqual({
      firstAi: { seconds: 30, count: 1 },
      firstHuman: { seconds: 300, count: 1 },
      averageAi: { seconds: 20, count: 2 },
      averageHuman: { seconds: 210, count: 2 },
    });
    expect(report.handoffs).toEqual({
      count: 2,
      rate: 66.7,
      takeovers: 1,
      reasons: [
        { cause: 'low_confidence', label: 'Baixa confiança', count: 1 },
        { cause: 'person_requested', label: 'Cliente pediu atendente', count: 1 },
      ],
    });
    expect(report.ai).toEqual({ replies: 5, aiReplies: 3, answerRate: 60, meanConfidence: 0.7 });
    const hot = report.heatmap.flatMap((hours, day) =>
      hours.flatMap((n, hour) => (n ? [[day, hour, n]] : [])),
    );
    expect(hot).toEqual([
      [0, 9, 1],
      [0, 10, 1],
      [1, 14, 1],
      [2, 20, 1],
    ]);
    expect(report.perDay).toEqual([
      { date: '2025-06-01', label: '01/06', conversations: 1, converted: 0, handoffs: 0 },
      { date: '2025-06-02', label: '02/06', conversations: 1, converted: 0, handoffs: 1 },
      { date: '2025-06-03', label: '03/06', conversations: 1, converted: 0, handoffs: 1 },
    ]);
    expect(report.knowledgeGaps.map((g) => [g.question, g.count])).toEqual([['Vocês aceitam pix?', 5]]);
  });

  it('is all zeros and nulls on an empty range', async () => {
    const report = await computeReport(
      db(),
      { from: '2025-01-01', to: '2025-01-01' },
      UNLIMITED_SCOPE,
      DEFAULT_TIME_ZONE,
    );
    expect(report.conversations).toEqual({ active: 0, started: 0, converted: 0, conversionRate: 0 });
    expect(report.responseTime.firstAi).toEqual({ seconds: null, count: 0 });
    expect(report.ai.meanConfidence).toBeNull();
    expect(report.handoffs.rate).toBe(0);
    expect(report.perDay).toHaveLength(1);
  });

  it('exports the summary and the conversations as pt-BR CSV rows', async () => {
    await fixture();
    const summary = await exportTable(db(), 'resumo', RANGE, UNLIMITED_SCOPE, DEFAULT_TIME_ZONE);
    const lines = (await text(csvStream(['Métrica', 'Valor'], summary.rows, DEFAULT_TIME_ZONE))).split(
      '\r\n',
    );
    expect(lines).toContain('Taxa de conversão (%);33,3');
    expect(lines).toContain('Confiança média da IA (%);70');

    const conversations = await exportTable(db(), 'conversas', RANGE, UNLIMITED_SCOPE, DEFAULT_TIME_ZONE);
    const rows: unknown[][] = [];
    for await (const row of conversations.rows) rows.push([...row]);
    // A, B and C were touched in the range; D only after it. Newest last message first.
    expect(rows.map((r) => r[0])).toEqual([ids.c, ids.b, ids.a]);
    expect(rows[2]?.[8]).toEqual(new Date(sp('2025-06-02T12:00:00')));
  });
});
