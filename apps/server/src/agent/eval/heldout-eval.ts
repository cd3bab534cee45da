import type { AgentProvider } from '../provider.js';
import { DEFAULT_TUNING, type Tuning } from '../retrieval/tuning.js';
import { type BusinessScore, scoreBusiness } from './business-score.js';
import { evaluateDomain, fitTuning, type ItemOutcome } from './cross-domain.js';
import { type Domain, loadAllDomains, loadBusiness, loadSplit } from './domains.js';

/**
 * What the agent may be fitted on: the six older domains and the four tuning businesses. The twelve
 * held-out businesses are never part of a fit.
 */
export function trainingDomains(): Domain[] {
  return [...loadAllDomains(), ...tuningBusinesses()];
}

/** The four businesses of the split that may be read item by item (part of the training domains). */
export function tuningBusinesses(): Domain[] {
  return loadSplit().tuning.map((name) => loadBusiness(name));
}

export function heldOutBusinesses(): Domain[] {
  return loadSplit().heldout.map((name) => loadBusiness(name));
}

export interface BusinessReport {
  name: string;
  description: string;
  score: BusinessScore;
  outcomes: ItemOutcome[];
}

/** Scores each business through the whole decision, with the simulated customer, under one tuning. */
export async function evaluateBusinesses(
  businesses: readonly Domain[],
  tuning: Tuning,
  provider?: AgentProvider,
): Promise<BusinessReport[]> {
  const reports: BusinessReport[] = [];
  for (const business of businesses) {
    const outcomes = await evaluateDomain(business, tuning, provider);
    reports.push({
      name: business.name,
      description: business.description,
      score: scoreBusiness(outcomes),
      outcomes,
    });
  }
  return reports;
}

/**
 * The held-out figure: the held-out businesses scored with the shipped tuning, which is fitted on the
 * training domains only (`npm run bench:agent -- --fit`). Also each tuning business scored with a fit
 * on the other training domains (leave-one-out), the figure that may be looked at item by item while
 * changing the agent.
 */
export async function heldOutEvaluation(
  provider?: AgentProvider,
  tuning: Tuning = DEFAULT_TUNING,
): Promise<{
  tuning: Tuning;
  heldOut: BusinessReport[];
  tuningBusinesses: BusinessReport[];
}> {
  const training = trainingDomains();
  const heldOut = await evaluateBusinesses(heldOutBusinesses(), tuning, provider);
  const tuningBusinesses: BusinessReport[] = [];
  for (const name of loadSplit().tuning) {
    const business = training.find((d) => d.name === name)!;
    const fitted = fitTuning(training.filter((d) => d !== business));
    tuningBusinesses.push(...(await evaluateBusinesses([business], fitted, provider)));
  }
  return { tuning, heldOut, tuningBusinesses };
}
