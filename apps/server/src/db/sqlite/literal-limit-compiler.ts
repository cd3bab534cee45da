import {
  type LimitNode,
  type OffsetNode,
  type OperationNode,
  SqliteQueryCompiler,
  type ValueNode,
} from 'kysely';

/** A whole number Kysely would bind as a parameter (`limit(50)`), or null. */
function wholeNumber(node: OperationNode): number | null {
  if (node.kind !== 'ValueNode') return null;
  const { value } = node as ValueNode;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/**
 * SQLite's compiler, with a whole-number LIMIT or OFFSET written into the SQL instead of bound.
 * SQLite (3.53 here) reads a bound LIMIT while planning and marks the statement to be compiled again
 * whenever that parameter is bound anew: a cached statement with `limit ?` was prepared again at every
 * run. Measured on the seeded bench database: the agent's reply-context query 68 → 28 µs, the job
 * claim 46 → 26 µs, the status-filtered conversation page 23 → 3 µs with the literal. One SQL text (and
 * prepared statement) per value: page sizes (validated), settings, the job runner's free slots.
 */
export class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = wholeNumber(node.limit);
    if (limit === null) super.visitLimit(node);
    else this.append(`limit ${limit}`);
  }

  protected override visitOffset(node: OffsetNode): void {
    const offset = wholeNumber(node.offset);
    if (offset === null) super.visitOffset(node);
    else this.append(`offset ${offset}`);
  }
}
