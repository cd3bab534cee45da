import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/metric-fixtures.js';
import { decide } from '../agent/decide.js';
import { KnowledgeIndex } from '../agent/retrieval/kb-index.js';
import { createRetrievalProvider } from '../agent/retrieval-provider.js';
import { getSettings } from '../kernel/settings/settings.service.js';
import { DEMO_COMPANY_NAME, seedDemo } from './seed-demo.js';

const NOW = Date.parse('2025-06-10T14:20:00-03:00');
/** A store's name as the texts write it: "Loja Aurora", "Loja Exemplo". */
const STORE_NAME = /\bLoja [A-ZÀ-Ú][\p{L}]+/gu;

describe.each(testDatabases())('the demo names one business on $kind', (target) => {
  const opened: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const dispose of opened.splice(0)) await dispose();
  });

  it('the setting, the knowledge base, the seeded agent messages and the live agent say the same name', async () => {
    const { handle, dispose } = await target.open();
    opened.push(dispose);
    const { db } = handle;
    await seedDemo(db, { now: NOW, conversations: 60, days: 5 });

    const company = (await getSettings(db, 'admin-config')).companyName;
    expect(company).toBe(DEMO_COMPANY_NAME);
    const kb = await db.selectFrom('knowledge_base').select('content').executeTakeFirstOrThrow();
    const agentTexts = await db
      .selectFrom('messages')
      .select('content')
      .where('sender', '=', 'agent')
      .execute();
    expect(agentTexts.length).toBeGreaterThan(50);
    const named = new Set<string>();
    for (const text of [kb.content, ...agentTexts.map((m) => m.content)])
      for (const name of text.match(STORE_NAME) ?? []) named.add(name);
    expect([...named]).toEqual([DEMO_COMPANY_NAME]);

    // The agent on the seeded demo: the greeting and the answers name the setting's business only.
    const index = KnowledgeIndex.fromContent(kb.content);
    const settings = {
      confidenceThreshold: 0.45,
      handoffKeywords: [],
      assistantName: 'Aurora',
      companyName: company,
    };
    const replies: string[] = [];
    for (const question of ['Oi, bom dia!', 'qual o whatsapp de vcs?', 'Vocês aceitam vale-compras?']) {
      const decision = await decide({
        question,
        history: [],
        index,
        provider: createRetrievalProvider(),
        settings,
      });
      if ('text' in decision && decision.kind === 'reply') replies.push(decision.text);
    }
    expect(replies[0]).toContain(`assistente virtual da ${DEMO_COMPANY_NAME}`);
    expect(replies.filter((r) => r.includes(DEMO_COMPANY_NAME)).length).toBeGreaterThanOrEqual(2);
    for (const reply of replies)
      for (const name of reply.match(STORE_NAME) ?? []) expect(name).toBe(DEMO_COMPANY_NAME);
  });
});
