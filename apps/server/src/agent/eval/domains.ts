import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HistoryMessage } from '../provider.js';
import { loadDemoKnowledgeBase, loadEvalSet } from './run-eval.js';

/** One labelled customer message of a domain's evaluation set. */
export interface DomainItem {
  id: string;
  question: string;
  /** Passage ids that answer it; empty: the agent must hand off. */
  expect: string[];
  /** Text the reply must contain (the answering sentences). */
  facts: string[];
  kind: string;
  history?: HistoryMessage[];
}

export interface Domain {
  name: string;
  description: string;
  knowledgeBase: string;
  items: DomainItem[];
}

/**
 * Knowledge bases of other businesses, each with questions written before any tuning. The gym
 * (`academia`) was written later than the first four, before the general vocabulary and out-of-scope
 * signals were added, as a check that they carry over to a domain none of them was written against.
 */
export const NEW_DOMAINS = ['clinica', 'internet', 'restaurante', 'escola', 'academia'] as const;

const here = (name: string): string => fileURLToPath(new URL(name, import.meta.url));

export function loadDomain(name: string): Domain {
  const set = JSON.parse(readFileSync(here(`./domains/${name}.questions.json`), 'utf8')) as {
    description: string;
    items: DomainItem[];
  };
  return {
    name,
    description: set.description,
    knowledgeBase: readFileSync(here(`./domains/${name}.md`), 'utf8'),
    items: set.items,
  };
}

/** The demo store's set in the same shape (its items name one passage, no facts). */
export function loadDemoDomain(): Domain {
  return {
    name: 'loja-demo',
    description: 'Loja de casa e eletrônicos (base de demonstração)',
    knowledgeBase: loadDemoKnowledgeBase(),
    items: loadEvalSet().map((item) => ({
      id: item.id,
      question: item.question,
      expect: item.expectedPassageId ? [item.expectedPassageId] : [],
      facts: [],
      kind: item.kind,
    })),
  };
}

/** The new domains and the demo store. */
export function loadAllDomains(): Domain[] {
  return [...NEW_DOMAINS.map(loadDomain), loadDemoDomain()];
}

/**
 * The businesses written blind (`heldout/README.md`): `tuning` may be read and fitted on; `heldout`
 * is only ever scored, in aggregate.
 */
export interface BusinessSplit {
  tuning: string[];
  heldout: string[];
}

export function loadSplit(): BusinessSplit {
  return JSON.parse(readFileSync(here('./heldout/split.json'), 'utf8')) as BusinessSplit;
}

/** One blind-written business (same item format as the domains, plus small-talk and closing kinds). */
export function loadBusiness(name: string, dir: string = here('./heldout/')): Domain {
  const set = JSON.parse(readFileSync(join(dir, `${name}.questions.json`), 'utf8')) as {
    description: string;
    knowledgeBase?: string;
    items: DomainItem[];
  };
  return {
    name,
    description: set.description,
    knowledgeBase: readFileSync(join(dir, set.knowledgeBase ?? `${name}.md`), 'utf8'),
    items: set.items,
  };
}

/**
 * Every business of another folder written blind (`<name>.questions.json` + its knowledge base), for a
 * second held-out set: loaded to be scored, in aggregate, never read item by item.
 */
export function loadBusinessesIn(dir: string): Domain[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.questions.json'))
    .sort()
    .map((f) => loadBusiness(f.slice(0, -'.questions.json'.length), dir));
}
