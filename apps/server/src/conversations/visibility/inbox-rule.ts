import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { can } from '../../kernel/permissions/actions.js';
import type { AuthUser } from '../../types.js';
import { inboxMembership } from './inbox-membership.js';

/**
 * An inbox open only to its members (`operator_access = 'members'`) does not exist for other
 * operators: its conversations, their messages, media and customers are hidden like a colleague's
 * held conversation. Admins see every inbox. (A `VisibilityRule`, listed in visibility-rules.ts.)
 */
export const inboxRule = {
  name: 'inbox',
  // Its figures are the business of the inbox's members only.
  limitsFigures: true,
  async limitFor(viewer: Pick<AuthUser, 'id' | 'role'>, db: Kysely<Database>) {
    if (can(viewer, 'conversations:see-all')) return null;
    const repo = inboxMembership(db);
    const [visible, all] = await Promise.all([repo.visibleTo(viewer.id), repo.allIds()]);
    if (visible.length === all.length) return null;
    const allowed = new Set(visible);
    return {
      allows: (conversation: { inboxId: string }) => allowed.has(conversation.inboxId),
      where: (table: string) =>
        visible.length === 0
          ? sql<SqlBool>`1 = 0`
          : sql<SqlBool>`${sql.ref(`${table}.inbox_id`)} in (${sql.join(visible)})`,
    };
  },
};
