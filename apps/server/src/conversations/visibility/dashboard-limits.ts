import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { can } from '../../kernel/permissions/actions.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import type { SocketUser } from '../../types.js';
import { inboxMembership } from './inbox-membership.js';
import { inboxRule } from './inbox-rule.js';

/** How a limited operator's dashboard is limited: by holder, and to which inboxes. */
export interface DashboardLimits {
  byHolder: boolean;
  inboxIds: string[];
  /** Some inbox is closed to them: their figures are not the whole business's either. */
  byInbox: boolean;
}

/**
 * The visibility rules as the dashboard's rooms need them (see dashboard-router.ts): per operator, and
 * whether anyone is limited at all — asked on every event, so answered from the settings cache and
 * the running inboxes (`anyInboxLimited`), never a query.
 */
export function dashboardLimits(db: Kysely<Database>, anyInboxLimited: () => boolean) {
  const holderRuleOn = async () => !(await getSettings(db, 'access-control')).operatorsSeeAllConversations;
  return {
    async limitsFor(user: Pick<SocketUser, 'id' | 'role'>): Promise<DashboardLimits | null> {
      if (can(user, 'conversations:see-all')) return null;
      const byHolder = await holderRuleOn();
      const byInbox = await inboxRule.limitFor(user, db);
      if (!byHolder && !byInbox) return null;
      const repo = inboxMembership(db);
      const inboxIds = byInbox ? await repo.visibleTo(user.id) : await repo.allIds();
      return { byHolder, inboxIds, byInbox: byInbox !== null };
    },

    async limitsAnyone(): Promise<boolean> {
      return anyInboxLimited() || (await holderRuleOn());
    },
  };
}

export type DashboardLimitsService = ReturnType<typeof dashboardLimits>;
