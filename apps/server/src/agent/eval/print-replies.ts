/**
 * Prints the agent's decision for chosen evaluation items (for before/after comparisons):
 *   npx tsx apps/server/src/agent/eval/print-replies.ts clinica-03 internet-29 …
 */
import { agentConfigSchema } from '@atende/contracts';
import { decide } from '../decide.js';
import { KnowledgeIndex } from '../retrieval/kb-index.js';
import { createRetrievalProvider } from '../retrieval-provider.js';
import { loadAllDomains } from './domains.js';

const defaults = agentConfigSchema.parse({});
const settings = {
  confidenceThreshold: defaults.confidenceThreshold,
  handoffKeywords: defaults.handoffKeywords,
  assistantName: defaults.assistantName,
};
const wanted = new Set(process.argv.slice(2));
for (const domain of loadAllDomains()) {
  const index = KnowledgeIndex.fromContent(domain.knowledgeBase);
  for (const item of domain.items.filter((i) => wanted.has(i.id))) {
    const decision = await decide({
      question: item.question,
      history: item.history ?? [],
      index,
      provider: createRetrievalProvider(),
      settings,
    });
    const history = (item.history ?? []).map((m) => `${m.sender}: ${m.content}`).join(' / ');
    console.info(`### ${item.id} (${domain.name})`);
    if (history) console.info(`Antes: ${history}`);
    console.info(`Pergunta: ${item.question}`);
    console.info(
      decision.kind === 'handoff'
        ? `Handoff: ${decision.reason}`
        : `${decision.kind === 'clarify' ? 'Pergunta de esclarecimento' : 'Resposta'} (${decision.confidence.toFixed(2)}; ${decision.evidence.map((e) => e.passageId).join(', ')}): ${decision.text}`,
    );
    console.info('');
  }
}
