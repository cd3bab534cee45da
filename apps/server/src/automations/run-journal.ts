import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../lib/clock.js';
import { newId } from '../lib/ids.js';

/** The same rule never sends one customer the same words twice within this window. */
export const REPEAT_WINDOW_MS = 24 * 3_600_000;

/**
 * A test-only hold (the kill -9 test) before or after a rule's action `index`, before its mark; and
 * before `actions.length`: all done, the run not logged yet.
 */
export type RunPause = (point: {
  ruleId: string;
  eventId: string;
  index: number;
  stage: 'before' | 'after';
}) => Promise<void>;

/**
 * Progress marks of a rule's run are rows of `automation_runs` under these event ids (never shown:
 * the run log lists the run's own row only, written once it ends, with the marks gone).
 */
export const MARK_PREFIX = 'mark:';
const stepMark = (eventId: string, index: number) => `${MARK_PREFIX}step:${index}:${eventId}`;
const claimMark = (eventId: string, index: number) => `${MARK_PREFIX}claim:${index}:${eventId}`;

type SendKey = { rule_id: string; client_id: string; text_hash: string };

/**
 * What one run of a rule for one event has done so far, kept in the database after each action: a
 * job that runs again after a crash (kill -9 between two actions) skips the actions done and repeats
 * none — a hand-off is not handed off again after the next action assigned it, a message is not sent
 * again. An action cut by the crash runs again; each is safe to repeat (ids derived from the run, or
 * a check of the state it leaves), the outbound webhook being at least once with the same
 * `idempotency-key`.
 */
export class RunJournal {
  private readonly sendKeys = new Map<number, SendKey>();

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly run: {
      ruleId: string;
      ruleName: string;
      conversationId: string;
      event: string;
      eventId: string;
    },
    private readonly lines: Map<number, string>,
    private readonly claims: Set<number>,
    private readonly hold: RunPause | undefined,
  ) {}

  static async open(
    db: Kysely<Database>,
    run: { ruleId: string; ruleName: string; conversationId: string; event: string; eventId: string },
    hold?: RunPause,
  ): Promise<RunJournal> {
    const rows = await db
      .selectFrom('automation_runs')
      .select(['event_id', 'lines'])
      .where('rule_id', '=', run.ruleId)
      .where('conversation_id', '=', run.conversationId)
      .where('event_id', 'like', `${MARK_PREFIX}%`)
      .execute();
    const lines = new Map<number, string>();
    const claims = new Set<number>();
    for (const row of rows) {
      const [, kind, index, ...rest] = row.event_id.split(':');
      if (rest.join(':') !== run.eventId) continue;
      if (kind === 'step') lines.set(Number(index), (JSON.parse(row.lines) as string[])[0] ?? '');
      else if (kind === 'claim') claims.add(Number(index));
    }
    return new RunJournal(db, run, lines, claims, hold);
  }

  /** The line of action `index` if this run did it already. */
  doneLine(index: number): string | undefined {
    return this.lines.get(index);
  }

  async pause(index: number, stage: 'before' | 'after'): Promise<void> {
    await this.hold?.({ ruleId: this.run.ruleId, eventId: this.run.eventId, index, stage });
  }

  private mark(eventId: string, lines: readonly string[]) {
    const at = now();
    return {
      id: newId(at),
      rule_id: this.run.ruleId,
      rule_name: this.run.ruleName,
      conversation_id: this.run.conversationId,
      event: this.run.event,
      event_id: eventId,
      outcome: 'done' as const,
      lines: JSON.stringify(lines),
      created_at: at,
    };
  }

  async done(index: number, line: string): Promise<void> {
    this.lines.set(index, line);
    await this.db
      .insertInto('automation_runs')
      .values(this.mark(stepMark(this.run.eventId, index), [line]))
      .onConflict((oc) => oc.columns(['rule_id', 'event_id']).doNothing())
      .execute();
  }

  /**
   * Claims the words this rule sends a customer (at most once within REPEAT_WINDOW_MS), with this
   * run's mark in the same transaction: false when another run has sent them. The run itself, again
   * after a crash, finds its mark and goes on (the message is stored once, by its provider id).
   */
  async claimSend(index: number, key: SendKey): Promise<boolean> {
    if (this.claims.has(index)) return true;
    const at = now();
    const claimed = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('automation_sends')
        .values({ ...key, sent_at: at })
        .onConflict((oc) =>
          oc
            .columns(['rule_id', 'client_id', 'text_hash'])
            .doUpdateSet({ sent_at: at })
            .where('automation_sends.sent_at', '<', at - REPEAT_WINDOW_MS),
        )
        .returning('sent_at')
        .executeTakeFirst();
      if (!row) return false;
      await trx
        .insertInto('automation_runs')
        .values(this.mark(claimMark(this.run.eventId, index), []))
        .onConflict((oc) => oc.columns(['rule_id', 'event_id']).doNothing())
        .execute();
      return true;
    });
    if (claimed) this.claims.add(index);
    this.sendKeys.set(index, key);
    return claimed;
  }

  /** The words were not sent after all (a person took the conversation): the claim goes. */
  async releaseSend(index: number): Promise<void> {
    const key = this.sendKeys.get(index);
    if (!key) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('automation_sends')
        .where('rule_id', '=', key.rule_id)
        .where('client_id', '=', key.client_id)
        .where('text_hash', '=', key.text_hash)
        .execute();
      await trx
        .deleteFrom('automation_runs')
        .where('rule_id', '=', this.run.ruleId)
        .where('event_id', '=', claimMark(this.run.eventId, index))
        .execute();
    });
    this.claims.delete(index);
  }

  /** The run ends: its row in the log (once per rule and event), and its marks gone, in one transaction. */
  async finish(outcome: 'done' | 'failed', lines: readonly string[]): Promise<void> {
    await this.pause(lines.length, 'before');
    const marks = [
      ...[...this.lines.keys()].map((i) => stepMark(this.run.eventId, i)),
      ...[...this.claims].map((i) => claimMark(this.run.eventId, i)),
    ];
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('automation_runs')
        .values({ ...this.mark(this.run.eventId, lines), outcome })
        .onConflict((oc) => oc.columns(['rule_id', 'event_id']).doNothing())
        .execute();
      if (marks.length > 0)
        await trx
          .deleteFrom('automation_runs')
          .where('rule_id', '=', this.run.ruleId)
          .where('event_id', 'in', marks)
          .execute();
    });
  }
}
