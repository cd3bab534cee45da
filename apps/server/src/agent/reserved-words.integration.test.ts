import { beforeAll, expect, it } from 'vitest';
import {
  createAndLogin,
  describeEachDatabase,
  sleep,
  useTempSqlite,
  useTestApp,
} from '../../test/helpers.js';
import { api, pairSimulator } from '../../test/simulator-kit.js';
import { writeKnowledgeBase } from './knowledge-base/knowledge-base.repository.js';
import { KnowledgeIndexStore } from './knowledge-index-store.js';
import { KnowledgeIndex } from './retrieval/kb-index.js';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
const KB = NAMES.map(
  (name, i) => `## Quanto custa o plano ${name}?\nO plano ${name} custa R$ ${10 + i} por mês com suporte.`,
).join('\n\n');

describeEachDatabase('agent with built-in property names in the knowledge base and messages', (kind) => {
  const ctx = useTestApp(kind);
  let client: ReturnType<typeof api>;

  beforeAll(async () => {
    const admin = await createAndLogin(ctx.app, 'admin');
    client = api(ctx.app, admin.token);
    await pairSimulator(ctx.app, admin.token);
    expect((await client.post('/api/knowledge-base', { content: KB })).status).toBe(200);
  });

  it('indexes the knowledge base and answers each customer message normally', async () => {
    for (const [i, name] of NAMES.entries()) {
      const phone = `5511988${String(Date.now()).slice(-4)}${i}`;
      const sent = (
        await client.post('/api/simulator/inbound', { phone, text: `qto custa o plano ${name}?` })
      ).body.data as { conversationId: string };
      let reply: { content: string; evidence: string | null } | undefined;
      for (const deadline = Date.now() + 8000; !reply && Date.now() < deadline; await sleep(25)) {
        reply = await ctx.app.db
          .selectFrom('messages')
          .select(['content', 'evidence'])
          .where('conversation_id', '=', sent.conversationId)
          .where('sender', '=', 'agent')
          .executeTakeFirst();
      }
      expect(reply?.content, name).toContain(`R$ ${10 + i}`);
      const conversation = await ctx.app.db
        .selectFrom('conversations')
        .select('handler_mode')
        .where('id', '=', sent.conversationId)
        .executeTakeFirstOrThrow();
      expect(conversation.handler_mode, name).toBe('ai');
    }
  });
});

describeEachDatabase('knowledge index refresh', () => {
  const open = useTempSqlite();

  it('keeps the previous index serving when the stored text fails to index, and retries only a new text', async () => {
    const { db } = await open();
    let builds = 0;
    const store = new KnowledgeIndexStore({
      build: (content) => {
        builds++;
        if (content.includes('falha')) throw new Error('índice inválido');
        return KnowledgeIndex.fromContent(content);
      },
    });
    await writeKnowledgeBase(db, '## Horário\nAbrimos das 8h às 18h.', null);
    await store.refresh(db);
    await sleep(5);
    await writeKnowledgeBase(db, '## Horário\nfalha', null);
    await expect(store.refresh(db)).resolves.toBeUndefined();
    expect(store.stats.failure?.message).toBe('índice inválido');
    expect(store.current.search('que horas abre').passages[0]?.passage.text).toContain('8h às 18h');
    await store.refresh(db);
    expect(builds).toBe(2);
  });
});
