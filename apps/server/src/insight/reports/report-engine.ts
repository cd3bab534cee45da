import {
  CSAT_SATISFIED_FROM,
  handoffCauseLabel,
  REPORT_AI_KEY,
  REPORT_NOBODY_KEY,
  type ServiceFigures,
} from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inboxesRepository } from '../../inboxes/inboxes.repository.js';
import {
  activeConversations,
  type FactQuery,
  firstResponseBreaches,
  firstResponseFacts,
  handoffFacts,
  replyTimes,
  resolutionBreaches,
  resolutionFacts,
  type SlaTargets,
} from './report-facts.js';
import { timeKeyOf } from './report-frame.js';
import { durationStats, meanOf, rateOf } from './report-math.js';

type Db = Kysely<Database>;

/** The kinds of fact a figure is made of (each one statement). */
export type Family = 'active' | 'resolutions' | 'first' | 'replies' | 'handoffs' | 'sla';

/** Survey outcomes that count as sent, as answered, and the skips that count as skipped. */
const SENT = new Set(['sent', 'rated', 'commented']);
const ANSWERED = new Set(['rated', 'commented']);
const SKIPPED_OTHER = new Set([
  'skipped_opt_out',
  'skipped_erased',
  'skipped_repeat',
  'skipped_no_channel',
  'reopened',
]);

/** Everything one slice (the period, a bucket, an inbox, a person, a label) is made of. */
export class Tally {
  conversations = 0;
  resolved = 0;
  automated = 0;
  resolutionAi: number[] = [];
  resolutionHuman: number[] = [];
  sent = 0;
  answered = 0;
  ratingSum = 0;
  satisfied = 0;
  skippedWindow = 0;
  skippedOther = 0;
  firstAi: number[] = [];
  firstHuman: number[] = [];
  replyAi = { totalMs: 0, count: 0 };
  replyHuman = { totalMs: 0, count: 0 };
  handoffs = 0;
  handed = new Set<string>();
  causes = new Map<string, number>();
  /** Against the inboxes' response-time targets: measured (had a target) and breached. */
  slaFirst = { measured: 0, breached: 0 };
  slaResolution = { measured: 0, breached: 0 };

  figures(): ServiceFigures {
    const mean = (s: { totalMs: number; count: number }) => ({
      averageMs: s.count === 0 ? null : Math.round(s.totalMs / s.count),
      count: s.count,
    });
    return {
      conversations: this.conversations,
      csat: {
        average: meanOf(this.ratingSum, this.answered),
        satisfiedRate: rateOf(this.satisfied, this.answered),
        responseRate: rateOf(this.answered, this.sent),
        responses: this.answered,
        sent: this.sent,
        skippedWindow: this.skippedWindow,
        skippedOther: this.skippedOther,
      },
      automation: {
        rate: rateOf(this.automated, this.resolved),
        automated: this.automated,
        resolved: this.resolved,
      },
      firstResponse: { ai: durationStats(this.firstAi), human: durationStats(this.firstHuman) },
      resolutionTime: { ai: durationStats(this.resolutionAi), human: durationStats(this.resolutionHuman) },
      responseTime: {
        all: mean({
          totalMs: this.replyAi.totalMs + this.replyHuman.totalMs,
          count: this.replyAi.count + this.replyHuman.count,
        }),
        ai: mean(this.replyAi),
        human: mean(this.replyHuman),
      },
      handoffs: {
        count: this.handoffs,
        rate: rateOf(this.handed.size, this.conversations) ?? 0,
        reasons: [...this.causes.entries()]
          .map(([cause, count]) => ({ cause, label: handoffCauseLabel(cause), count }))
          .sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause)),
      },
    };
  }
}

/** The group keys of a raw SQL key: a time bucket, an inbox, a person (or the AI / nobody), labels. */
function groupsOf(q: FactQuery, raw: unknown, nobody: string): string[] {
  switch (q.dimension) {
    case 'none':
      return [];
    case 'day':
    case 'week':
    case 'hour': {
      const key = timeKeyOf(q.frame, q.dimension, raw);
      return key === null ? [] : [key];
    }
    case 'inbox':
      return [String(raw)];
    case 'operator':
      return [raw === null || raw === undefined ? nobody : String(raw)];
    case 'label': {
      let ids: unknown = [];
      try {
        ids = JSON.parse(String(raw ?? '[]'));
      } catch {
        ids = [];
      }
      const labels = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
      return labels.length > 0 ? [...new Set(labels)] : [REPORT_NOBODY_KEY];
    }
  }
}

/** Each fact to the period's tally once and to each of its groups' tallies. */
export interface Tallies {
  total: Tally;
  groups: Map<string, Tally>;
}

function groupOf(t: Tallies, key: string): Tally {
  let tally = t.groups.get(key);
  if (!tally) {
    tally = new Tally();
    t.groups.set(key, tally);
  }
  return tally;
}

function into(t: Tallies, keys: readonly string[], add: (tally: Tally) => void): void {
  add(t.total);
  for (const key of keys) add(groupOf(t, key));
}

/** The inboxes' response-time targets, read from the inboxes context (removed inboxes too). */
async function slaTargets(db: Db): Promise<SlaTargets> {
  const firstResponse = new Map<string, number>();
  const resolution = new Map<string, number>();
  for (const inbox of await inboxesRepository(db).list({ removed: true })) {
    if (inbox.sla_first_response_minutes !== null)
      firstResponse.set(inbox.id, inbox.sla_first_response_minutes * 60_000);
    if (inbox.sla_resolution_minutes !== null)
      resolution.set(inbox.id, inbox.sla_resolution_minutes * 60_000);
  }
  return { firstResponse, resolution };
}

/**
 * Reads the families of facts a report needs and adds them up per group (docs/metrics.md §Service
 * figures). Distinct conversations are counted per group by SQL, and once more for the period.
 */
export async function tally(db: Db, q: FactQuery, families: ReadonlySet<Family>): Promise<Tallies> {
  const t: Tallies = { total: new Tally(), groups: new Map() };
  // A conversation has one inbox and one person: the period's count is the sum of the groups'. By
  // time or label it may be in several groups, so the period's distinct count is read on its own.
  const summed = q.dimension === 'none' || q.dimension === 'inbox' || q.dimension === 'operator';
  const targets = families.has('sla') ? await slaTargets(db) : null;
  const [active, activeTotal, resolutions, first, replies, handoffs, firstLate, resolutionLate] =
    await Promise.all([
      families.has('active') ? activeConversations(db, q) : [],
      families.has('active') && !summed ? activeConversations(db, { ...q, dimension: 'none' }) : [],
      families.has('resolutions') ? resolutionFacts(db, q) : [],
      families.has('first') ? firstResponseFacts(db, q) : [],
      families.has('replies') ? replyTimes(db, q) : [],
      families.has('handoffs') ? handoffFacts(db, q) : [],
      targets ? firstResponseBreaches(db, q, targets) : [],
      targets ? resolutionBreaches(db, q, targets) : [],
    ]);
  // Distinct per group and for the period: a conversation active on two days counts once in the total.
  for (const row of active) {
    for (const key of groupsOf(q, row.key, REPORT_NOBODY_KEY)) groupOf(t, key).conversations += row.n;
    if (summed) t.total.conversations += row.n;
  }
  for (const row of activeTotal) t.total.conversations += row.n;
  for (const row of resolutions) {
    into(t, groupsOf(q, row.key, REPORT_NOBODY_KEY), (x) => {
      x.resolved += 1;
      if (row.involved) x.resolutionHuman.push(row.ms);
      else {
        x.automated += 1;
        x.resolutionAi.push(row.ms);
      }
      if (SENT.has(row.status)) x.sent += 1;
      if (ANSWERED.has(row.status) && row.rating !== null) {
        x.answered += 1;
        x.ratingSum += row.rating;
        if (row.rating >= CSAT_SATISFIED_FROM) x.satisfied += 1;
      }
      if (row.status === 'skipped_window') x.skippedWindow += 1;
      if (SKIPPED_OTHER.has(row.status)) x.skippedOther += 1;
    });
  }
  for (const row of first) {
    into(t, groupsOf(q, row.key, row.ai ? REPORT_AI_KEY : REPORT_NOBODY_KEY), (x) => {
      (row.ai ? x.firstAi : x.firstHuman).push(row.ms);
    });
  }
  for (const row of replies) {
    into(t, groupsOf(q, row.key, row.ai ? REPORT_AI_KEY : REPORT_NOBODY_KEY), (x) => {
      const side = row.ai ? x.replyAi : x.replyHuman;
      side.totalMs += row.totalMs;
      side.count += row.count;
    });
  }
  for (const row of handoffs) {
    into(t, groupsOf(q, row.key, REPORT_NOBODY_KEY), (x) => {
      x.handoffs += 1;
      x.handed.add(row.conversationId);
      x.causes.set(row.cause, (x.causes.get(row.cause) ?? 0) + 1);
    });
  }
  for (const row of firstLate) {
    into(t, groupsOf(q, row.key, row.ai ? REPORT_AI_KEY : REPORT_NOBODY_KEY), (x) => {
      x.slaFirst.measured += row.measured;
      x.slaFirst.breached += row.breached;
    });
  }
  for (const row of resolutionLate) {
    into(t, groupsOf(q, row.key, REPORT_NOBODY_KEY), (x) => {
      x.slaResolution.measured += row.measured;
      x.slaResolution.breached += row.breached;
    });
  }
  return t;
}
