import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { ConversationsTable, Database } from '../../db/schema.js';
import { can } from '../../kernel/permissions/actions.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import type { AuthUser } from '../../types.js';

/** Who is looking. */
export type Viewer = Pick<AuthUser, 'id' | 'role'>;

/** What the rules read of one conversation (one indexed row: `factsOf` in visibility.service.ts). */
export interface ConversationFacts {
  /** Who answers it: a person holds it only in mode `human`. */
  handlerMode: ConversationsTable['handler_mode'];
  /** The person holding it, in mode `human`. */
  handlerUserId: string | null;
  /** The inbox (connected number) it came through. */
  inboxId: string;
}

/**
 * What one rule lets a viewer see: a test of one conversation, and the same test as SQL for lists and
 * aggregates. The two must agree; `visibility.test.ts` checks both against the same conversations.
 */
export interface ConversationLimit {
  allows(conversation: ConversationFacts): boolean;
  /** The condition on the `conversations` table under the alias `table` (e.g. `c`). */
  where(table: string): Expression<SqlBool>;
}

/**
 * One rule of operators' visibility. `limitFor` answers null when the rule does not limit this viewer
 * (an admin, a setting that is off), else what it leaves them. A viewer sees a conversation when every
 * rule allows it. A new rule is one file and one more entry of `VISIBILITY_RULES` (rules.ts); every
 * route, socket event and read model goes through all of them.
 */
export interface VisibilityRule {
  readonly name: string;
  /**
   * Whether it limits figures too (counts, rates, times). "Counts, yes" (docs/security.md): a colleague's
   * conversation still counts; an inbox closed to the viewer does not.
   */
  readonly limitsFigures?: boolean;
  limitFor(viewer: Viewer, db: Kysely<Database>): Promise<ConversationLimit | null>;
}

const column = (table: string, name: string) => sql.ref(`${table}.${name}`);

/**
 * `access-control.operatorsSeeAllConversations = false`: an operator sees the conversations nobody
 * holds and those they hold; one another person holds does not exist for them (docs/settings.md).
 */
export const holderRule: VisibilityRule = {
  name: 'holder',
  async limitFor(viewer, db) {
    if (can(viewer, 'conversations:see-all')) return null;
    if ((await getSettings(db, 'access-control')).operatorsSeeAllConversations) return null;
    return {
      allows: (conversation) =>
        conversation.handlerMode !== 'human' || conversation.handlerUserId === viewer.id,
      where: (table) =>
        sql<SqlBool>`(${column(table, 'handler_mode')} <> 'human' or ${column(table, 'handler_user_id')} = ${viewer.id})`,
    };
  },
};
