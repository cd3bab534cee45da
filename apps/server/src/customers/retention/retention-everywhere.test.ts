import { type SqlBool, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { samples } from '../../conversations/media/test-support/media-samples.js';
import { now } from '../../lib/clock.js';
import { PERSONAL_DATA } from '../privacy/personal-data.js';
import { selectRows } from '../privacy/personal-data-sql.js';
import { purgeExpired } from './retention.module.js';

const DAY = 86_400_000;

/**
 * Retention follows the personal-data registry in every table it names: a customer's words older than
 * `dataRetentionDays` (365 by default) are gone wherever they were copied — messages, the list's last
 * message, activities, knowledge gaps, webhook bodies, template fill-ins, simulated deliveries — and the
 * newer ones stay.
 */
describeEachDatabase('retention, everywhere the registry says', (kind) => {
  const ctx = useTestApp(kind);
  const at = now();
  const OLD = at - 400 * DAY;
  const NEW = at - 10 * DAY;

  /** Every `table.column` whose text holds `trace` (case-insensitive). */
  const tracesOf = async (trace: string) => {
    const found = new Set<string>();
    for (const table of await ctx.app.db.introspection.getTables()) {
      for (const row of await selectRows(ctx.app.db, table.name, sql<SqlBool>`1 = 1`)) {
        for (const [column, value] of Object.entries(row)) {
          if (
            String(value ?? '')
              .toLowerCase()
              .includes(trace)
          )
            found.add(`${table.name}.${column}`);
        }
      }
    }
    return [...found].sort();
  };

  beforeAll(async () => {
    const db = ctx.app.db;
    await db
      .insertInto('clients')
      .values({
        id: 're1',
        name: 'Rita',
        phone: '5511900000077',
        total_messages: 2,
        last_contact: at,
        created_at: OLD,
      })
      .execute();
    const conversation = (id: string, time: number, text: string) => ({
      id,
      client_id: 're1',
      status: 'active',
      started_at: time,
      last_message: text,
      last_message_time: time,
      search_text: text.toLowerCase(),
      handler_mode: 'ai' as const,
      handler_since: time,
      updated_at: time,
      tags: '[]',
      message_count: 1,
      response_time_total_ms: 0,
      response_count: 0,
      is_ai_handled: 1,
    });
    await db
      .insertInto('conversations')
      .values([conversation('rv-old', OLD, 'VELHO pedido 1'), conversation('rv-new', NEW, 'NOVO pedido 2')])
      .execute();
    const file = await ctx.app.media.save({ bytes: samples.png, fileName: 'velho.png' });
    const message = (
      id: string,
      conversationId: string,
      time: number,
      text: string,
      mediaUrl: string | null,
    ) => ({
      id,
      conversation_id: conversationId,
      provider_message_id: `P-${id}`,
      sender: 'client' as const,
      content: text,
      type: 'text' as const,
      timestamp: time,
      ai_generated: 0,
      status: 'delivered' as const,
      evidence: '[]',
      media_url: mediaUrl,
      created_at: time,
    });
    await db
      .insertInto('messages')
      .values([
        message('rm-old', 'rv-old', OLD, 'VELHO pedido 1', file.url),
        message('rm-new', 'rv-new', NEW, 'NOVO pedido 2', null),
      ])
      .execute();
    await db
      .insertInto('reactions')
      .values({ message_id: 'rm-old', sender: 'client', emoji: '👍', created_at: OLD })
      .execute();
    await db
      .insertInto('activities')
      .values([
        {
          id: 'ra-old',
          type: 'conversation',
          title: 'Nova conversa',
          description: 'VELHO: Rita',
          timestamp: OLD,
          conversation_id: 'rv-old',
        },
        {
          id: 'ra-new',
          type: 'conversation',
          title: 'Nova conversa',
          description: 'NOVO: Rita',
          timestamp: NEW,
          conversation_id: 'rv-new',
        },
      ])
      .execute();
    const gap = (id: string, time: number, text: string) => ({
      id,
      question_key: text.toLowerCase(),
      question: text,
      count: 1,
      reason: 'handoff' as const,
      last_asked_at: time,
      conversation_id: null,
      message_id: null,
      suggested_answer: `${text}: resposta`,
      status: 'open' as const,
      created_at: time,
    });
    await db
      .insertInto('knowledge_gaps')
      .values([gap('rg-old', OLD, 'VELHO reembolso'), gap('rg-new', NEW, 'NOVO reembolso')])
      .execute();
    await db
      .insertInto('webhook_endpoints')
      .values({
        id: 'rw',
        url: 'https://example.com/h',
        description: '',
        events: '[]',
        secret: 's',
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: OLD,
        updated_at: OLD,
      })
      .execute();
    const delivery = (id: string, time: number, text: string) => ({
      id,
      endpoint_id: 'rw',
      event_type: 'message.received',
      payload: JSON.stringify({ text }),
      client_id: 're1',
      status: 'delivered' as const,
      attempts: 1,
      response_status: 200,
      error: null,
      duration_ms: 5,
      created_at: time,
      last_attempt_at: time,
      next_attempt_at: null,
    });
    await db
      .insertInto('webhook_deliveries')
      .values([delivery('rd-old', OLD, 'VELHO'), delivery('rd-new', NEW, 'NOVO')])
      .execute();
    await db
      .insertInto('cloud_api_template_sends')
      .values([
        {
          provider_message_id: 'P-x-old',
          name: 't',
          language: 'pt_BR',
          parameters: '["VELHO"]',
          created_at: OLD,
        },
        {
          provider_message_id: 'P-x-new',
          name: 't',
          language: 'pt_BR',
          parameters: '["NOVO"]',
          created_at: NEW,
        },
      ])
      .execute();
    const note = (id: string, conversationId: string, time: number, text: string) => ({
      id,
      conversation_id: conversationId,
      kind: 'note' as const,
      event: null,
      text,
      author_id: null,
      author_name: 'Equipe',
      created_at: time,
    });
    await db
      .insertInto('conversation_timeline')
      .values([note('rn-old', 'rv-old', OLD, 'Nota VELHO'), note('rn-new', 'rv-new', NEW, 'Nota NOVO')])
      .execute();
    const resolution = (id: string, conversationId: string, time: number, comment: string) => ({
      id,
      conversation_id: conversationId,
      inbox_id: 'default',
      client_id: 're1',
      resolved_at: time,
      cycle_started_at: time,
      resolved_by: 'person' as const,
      person_id: null,
      person_involved: 1,
      survey_status: 'answered',
      survey_sent_at: time,
      survey_message_id: null,
      rating: 4,
      rated_at: time,
      comment,
      commented_at: time,
      created_at: time,
    });
    await db
      .insertInto('conversation_resolutions')
      .values([
        resolution('rr-old', 'rv-old', OLD, 'Comentário VELHO'),
        resolution('rr-new', 'rv-new', NEW, 'Comentário NOVO'),
      ])
      .execute();
    const simulated = (id: string, time: number, text: string) => ({
      id,
      provider_message_id: `S-${id}`,
      phone: '5511900000077',
      kind: 'text' as const,
      text,
      quoted_provider_message_id: null,
      emoji: null,
      delivered_at: time,
    });
    await db
      .insertInto('simulator_deliveries')
      .values([simulated('rs-old', OLD, 'VELHO'), simulated('rs-new', NEW, 'NOVO')])
      .execute();
  });

  it("leaves none of the old words in any table and every newer one, and removes the old messages' files", async () => {
    const before = await tracesOf('velho');
    // Every table with a retention rule holds an old copy before the purge.
    const tables = Object.entries(PERSONAL_DATA)
      .filter(([name, entry]) => entry.retention && name !== 'reactions')
      .map(([name]) => name);
    for (const table of tables)
      expect(
        before.some((t) => t.startsWith(`${table}.`)),
        table,
      ).toBe(true);

    const purged = await purgeExpired(ctx.app, at);
    expect(purged).toEqual({ messages: 1, media: 1 });
    expect(await tracesOf('velho')).toEqual([]);
    const kept = await tracesOf('novo');
    for (const table of tables)
      expect(
        kept.some((t) => t.startsWith(`${table}.`)),
        table,
      ).toBe(true);
    const reactions = await ctx.app.db.selectFrom('reactions').select('message_id').execute();
    expect(reactions).toEqual([]);
  });
});
