import type { Conversation } from '@atende/contracts';
import { now, toIso } from '../../lib/clock.js';

/** The last fifth of a target's time is its warning. */
const WARNING_SHARE = 0.2;

type Sla = NonNullable<Conversation['sla']>;

/** An inbox's response-time targets, in minutes (null: none). */
export interface SlaTargets {
  readonly firstResponseMinutes: number | null;
  readonly resolutionMinutes: number | null;
}

/** The nearest target of one open conversation, from its inbox's targets (minutes) and its waits. */
export function slaOf(
  conversation: {
    status: string;
    started_at: number;
    awaiting_since: number | null;
    first_response_ms: number | null;
  },
  targets: SlaTargets,
  at = now(),
): Sla | null {
  if (conversation.status !== 'active') return null;
  const waitingSince =
    conversation.awaiting_since ?? (conversation.first_response_ms === null ? conversation.started_at : null);
  const [kind, from, minutes] =
    waitingSince !== null && targets.firstResponseMinutes !== null
      ? (['first_response', waitingSince, targets.firstResponseMinutes] as const)
      : targets.resolutionMinutes !== null
        ? (['resolution', conversation.started_at, targets.resolutionMinutes] as const)
        : [null, 0, 0];
  if (kind === null) return null;
  const due = from + minutes * 60_000;
  const state = at >= due ? 'breached' : at >= due - minutes * 60_000 * WARNING_SHARE ? 'warning' : 'ok';
  return { kind, dueAt: toIso(due), state };
}
