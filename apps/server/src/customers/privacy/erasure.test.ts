import { type SqlBool, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, sleep, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { recordGap } from '../../agent/knowledge-gaps/knowledge-gaps.repository.js';
import { samples } from '../../conversations/media/test-support/media-samples.js';
import { now } from '../../lib/clock.js';
import { PERSONAL_DATA, personalColumns } from './personal-data.js';
import { customerTables, locate, rowsOf, selectRows } from './personal-data-sql.js';

/**
 * One customer, whose data reaches every table the registry lists through the real paths (ingest,
 * an operator's quoted reply, the knowledge gap and its suggested answer, activities, a webhook
 * delivery, a file) or, for the channels' own tables, as those channels store it. The LGPD export must
 * hold every personal value of theirs; after "apagar dados", no table of the database may hold a
 * trace of them, whatever column it is in.
 */
describeEachDatabase('LGPD export and erasure, everywhere', (kind) => {
  const ctx = useTestApp(kind);
  const stamp = String(Date.now()).slice(-8);
  const phone = `5521${stamp}`;
  const NAME = 'Zuleica Sentinela';
  const CPF = '123.456.789-09';
  const QUESTION = `Oi, sou a ${NAME}, CPF ${CPF}, cadê o reembolso do meu pedido?`;
  const EMAIL = `zuleica.${stamp}@exemplo.com`;
  const NOTES = 'Nota-sentinela: prefere ligação à tarde';
  const FILE = 'comprovante-sentinela.png';
  /** What no column may hold after erasure (case-insensitive): name, its stems, documents, contacts. */
  const TRACES = ['zuleic', 'sentinel', '123.456.789', phone, EMAIL.toLowerCase()];
  let admin = '';
  let clientId = '';
  let conversationId = '';
  let questionId = '';

  const dump = async () => {
    const tables = await ctx.app.db.introspection.getTables();
    const found: string[] = [];
    for (const table of tables) {
      const rows = await selectRows(ctx.app.db, table.name, sql<SqlBool>`1 = 1`);
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          const text = String(value ?? '').toLowerCase();
          for (const trace of TRACES)
            if (text.includes(trace)) found.push(`${table.name}.${column} ∋ ${trace}`);
        }
      }
    }
    return [...new Set(found)];
  };

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    const operator = await createAndLogin(ctx.app, 'operator');
    await pairSimulator(ctx.app, admin);
    await ctx.app.domain.jobs.stop();
    const hook = await api(ctx.app, admin).post('/api/integrations/webhooks', {
      url: 'https://example.com/atende-hook',
      events: ['message.received', 'message.sent', 'client.updated'],
    });
    expect(hook.status).toBe(200);

    const first = await api(ctx.app, admin).post('/api/simulator/inbound', {
      phone,
      name: NAME,
      text: QUESTION,
    });
    expect(first.status).toBe(200);
    ({ clientId, conversationId, messageId: questionId } = first.body.data);
    const photo = await api(ctx.app, admin).post('/api/simulator/inbound', {
      phone,
      text: `Segue o comprovante, ${NAME}`,
    });
    // The file as a channel stores it: saved, then referenced by the message.
    const saved = await ctx.app.media.save({ bytes: samples.png, fileName: FILE });
    await ctx.app.db
      .updateTable('messages')
      .set({ type: 'image', media_url: saved.url, media_mime_type: 'image/png' })
      .where('id', '=', photo.body.data.messageId)
      .execute();

    const as = api(ctx.app, operator.token);
    expect((await as.post(`/api/conversations/${conversationId}/takeover`)).status).toBe(200);
    const reply = await as.post(`/api/conversations/${conversationId}/messages`, {
      message: `Olá ${NAME}, vou verificar o reembolso`,
      type: 'text',
      replyTo: questionId,
    });
    expect(reply.status).toBe(200);
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/clients/${clientId}`,
      headers: bearer(admin),
      payload: { email: EMAIL, notes: NOTES },
    });
    expect(edited.statusCode).toBe(200);

    // The agent records the question it handed off; the list fills in the operator's reply.
    await recordGap(ctx.app.db, {
      question: QUESTION,
      reason: 'handoff',
      conversationId,
      messageId: questionId,
      at: now(),
    });
    const gaps = (await api(ctx.app, admin).get('/api/knowledge-gaps?status=all')).body.data;
    expect(gaps[0].suggestedAnswer).toContain(NAME);

    // A colleague's private note about the customer (not in the export; erased like message text).
    const note = await api(ctx.app, admin).post(`/api/conversations/${conversationId}/notes`, {
      text: `${NAME} pediu desconto, CPF ${CPF}`,
    });
    expect(note.status).toBe(200);

    // The customer's comment on a satisfaction survey: their own words.
    await ctx.app.db
      .insertInto('conversation_resolutions')
      .values({
        id: `res-${stamp}`,
        conversation_id: conversationId,
        inbox_id: 'default',
        client_id: clientId,
        resolved_at: now(),
        cycle_started_at: now(),
        resolved_by: 'person',
        person_id: null,
        person_involved: 1,
        survey_status: 'answered',
        survey_sent_at: now(),
        survey_message_id: null,
        rating: 5,
        rated_at: now(),
        comment: `${NAME} adorou o atendimento`,
        commented_at: now(),
        created_at: now(),
      })
      .execute();

    // The channels' own records of this customer, as they write them.
    const provider = await ctx.app.db
      .selectFrom('messages')
      .select('provider_message_id')
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .insertInto('cloud_api_template_sends')
      .values({
        provider_message_id: provider.provider_message_id ?? '',
        name: 'retomar_atendimento',
        language: 'pt_BR',
        parameters: JSON.stringify([NAME, CPF]),
        created_at: now(),
      })
      .execute();
    await ctx.app.db
      .insertInto('simulator_deliveries')
      .values({
        id: `sim-${stamp}`,
        provider_message_id: `SIM-${stamp}`,
        phone,
        kind: 'text',
        text: `Olá ${NAME}, recebemos seu pedido`,
        quoted_provider_message_id: null,
        emoji: null,
        delivered_at: now(),
      })
      .execute();
    await sleep(100);
  });

  it('reaches every table the registry says holds a customer', async () => {
    const held = new Set((await dump()).map((trace) => trace.split('.')[0]));
    const expected = customerTables()
      .filter(([table, entry]) => personalColumns(entry).length > 0 && table !== 'reactions')
      .map(([table]) => table);
    expect([...held].sort()).toEqual(expect.arrayContaining(expected.filter((t) => t !== 'media').sort()));
  });

  it('exports every personal value the registry lists for the customer', async () => {
    const response = await ctx.app.inject({ url: `/api/clients/${clientId}/export`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const exported = response.body;
    const subject = await locate(ctx.app.db, clientId);
    if (!subject) throw new Error('no subject');
    const missing: string[] = [];
    for (const [table, entry] of customerTables()) {
      // The team's own words about the customer (notes) are erased with it but not exported.
      if (entry.export) continue;
      const rows = await selectRows(ctx.app.db, table, rowsOf(entry.rows, subject));
      for (const row of rows) {
        for (const [column] of personalColumns(entry)) {
          const value = row[column];
          if (value === null || value === undefined || value === '' || value === '[]' || value === '{}')
            continue;
          if (!exported.includes(JSON.stringify(value))) missing.push(`${table}.${column}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
    for (const value of [NAME, CPF, EMAIL, NOTES, FILE, phone]) expect(exported).toContain(value);
  });

  it('leaves no trace of the customer in any column of any table, and keeps the rows metrics count', async () => {
    expect((await dump()).length).toBeGreaterThan(5);
    const messagesBefore = await countMessages(conversationId);
    const erased = await api(ctx.app, admin).post(`/api/clients/${clientId}/erase`, { confirm: clientId });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toMatchObject({ conversations: 1, media: 1 });
    await sleep(100);
    expect(await dump()).toEqual([]);
    expect(await countMessages(conversationId)).toBe(messagesBefore);
    const gaps = (await api(ctx.app, admin).get('/api/knowledge-gaps?status=all')).body.data;
    expect(gaps.map((g: { question: string }) => g.question)).toEqual(['Pergunta apagada (LGPD)']);
    expect(gaps[0].suggestedAnswer).toBeNull();
  });

  const countMessages = async (id: string) =>
    Number(
      (
        await ctx.app.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('conversation_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
});

describe('the registry covers what erasure must reach', () => {
  it('quoted copies, activity texts and the knowledge gaps are erased, not kept', () => {
    expect(PERSONAL_DATA.messages?.columns.reply_to_content?.kind).toBe('erase');
    expect(PERSONAL_DATA.activities?.columns.description?.kind).toBe('anonymise');
    expect(PERSONAL_DATA.knowledge_gaps?.columns.question?.kind).toBe('anonymise');
    expect(PERSONAL_DATA.knowledge_gaps?.columns.suggested_answer?.kind).toBe('erase');
  });
});
