import { describe, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { recordGap } from './knowledge-gaps.repository.js';
import { areTwinKeys, questionKey } from './question-key.js';

describe('twin questions', () => {
  it('are the same question in other words; different questions stay apart', () => {
    const twins = (a: string, b: string) => areTwinKeys(questionKey(a), questionKey(b));
    expect(twins('Vocês entregam em Manaus?', 'Vocês entregam em Manaus amanhã?')).toBe(true);
    expect(twins('Qual o prazo de entrega para Curitiba?', 'prazo entrega Curitiba')).toBe(true);
    expect(twins('Aceitam Pix?', 'Aceitam bitcoin?')).toBe(false);
    expect(twins('Entregam em Manaus?', 'Entregam em Belém?')).toBe(false);
  });
});

describeEachDatabase('duplicated knowledge gaps', (kind) => {
  const ctx = useTestApp(kind);

  it('count on one gap, list as one, and answering one answers its twins', async () => {
    const token = (await createAndLogin(ctx.app, 'admin')).token;
    const admin = api(ctx.app, token);
    await pairSimulator(ctx.app, token);
    await ctx.app.domain.jobs.stop();
    const sent = await admin.post('/api/simulator/inbound', {
      phone: `5592988${String(Date.now()).slice(-6)}`,
      name: 'Nara',
      text: 'Vocês entregam em Manaus?',
    });
    const { conversationId, messageId } = sent.body.data as { conversationId: string; messageId: string };
    const at = now();
    // Two twins stored before twins were merged: a row each.
    const stored = async (question: string, count: number, ago: number) =>
      ctx.app.db
        .insertInto('knowledge_gaps')
        .values({
          id: newId(),
          question_key: questionKey(question),
          question,
          count,
          reason: 'handoff',
          last_asked_at: at - ago,
          conversation_id: conversationId,
          message_id: messageId,
          suggested_answer: null,
          status: 'open',
          created_at: at - ago,
        })
        .execute();
    await stored('Entregam em Manaus amanhã?', 2, 60_000);
    await stored('Vocês entregam em Manaus?', 1, 30_000);
    // Asked again in other words: counted on a gap already there, not on a third row.
    await recordGap(ctx.app.db, {
      reason: 'low_confidence',
      conversationId,
      messageId,
      question: 'Vocês entregam em Manaus hoje?',
      at,
    });
    const rows = await ctx.app.db
      .selectFrom('knowledge_gaps')
      .selectAll()
      .where('status', '=', 'open')
      .execute();
    const manaus = rows.filter((g) => /manaus/i.test(g.question));
    expect(manaus).toHaveLength(2);
    expect(manaus.reduce((sum, g) => sum + g.count, 0)).toBe(4);

    const listed = (await admin.get('/api/knowledge-gaps?status=open')).body.data as Array<{
      id: string;
      question: string;
      count: number;
    }>;
    const lines = listed.filter((g) => /manaus/i.test(g.question));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.count).toBe(4);

    const resolved = await admin.post(`/api/knowledge-gaps/${lines[0]?.id}/resolve`, {
      answer: 'Sim, entregamos em Manaus em até 7 dias úteis.',
    });
    expect(resolved.status).toBe(200);
    const after = await ctx.app.db.selectFrom('knowledge_gaps').select(['question', 'status']).execute();
    expect(after.filter((g) => /manaus/i.test(g.question)).map((g) => g.status)).toEqual([
      'resolved',
      'resolved',
    ]);
    const open = (await admin.get('/api/knowledge-gaps?status=open')).body.data as Array<{
      question: string;
    }>;
    expect(open.filter((g) => /manaus/i.test(g.question))).toEqual([]);
  });
});
