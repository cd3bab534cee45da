import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { AppError } from '../../lib/app-error.js';
import { VISIBILITY_RULES } from './rules.js';
import type { ConversationFacts, ConversationLimit, Viewer, VisibilityRule } from './visibility-rules.js';

export const CONVERSATION_NOT_FOUND = 'Conversa não encontrada';
export const CLIENT_NOT_FOUND = 'Cliente não encontrado';

/**
 * What one viewer may see of the conversations, from every rule at once: the one object routes,
 * socket events and read models take. A read model that shows a conversation's words or customer
 * filters by `where` (or `clientWhere`, `conversationIdWhere`); counts are not filtered
 * (docs/security.md, "Operators' visibility").
 */
export interface ConversationScope {
  /** False when no rule limits this viewer (an admin, the settings off): there is nothing to filter. */
  readonly limited: boolean;
  allows(conversation: ConversationFacts): boolean;
  /** The conversation in `conversations` aliased `table` is visible. */
  where(table: string): Expression<SqlBool>;
  /** The client in `clients` aliased `table` has a visible conversation, or none at all. */
  clientWhere(table: string): Expression<SqlBool>;
  /** A nullable conversation id (an activity's, a knowledge gap's): none, or a visible conversation. */
  conversationIdWhere(column: string): Expression<SqlBool>;
  /**
   * What limits figures (counts, rates, times) over the conversation aliased `table`: only the rules
   * that hide whole parts of the business (an inbox closed to them), never one colleague's work.
   */
  figuresWhere(table: string): Expression<SqlBool>;
  readonly figuresLimited: boolean;
}

const ALWAYS = sql<SqlBool>`1 = 1`;
const ref = (name: string) => sql.ref(name);

/** Every limit at once, as SQL over the conversation aliased `table`. */
function allOf(limits: readonly ConversationLimit[], table: string): Expression<SqlBool> {
  if (limits.length === 0) return ALWAYS;
  return limits.length === 1
    ? (limits[0] as ConversationLimit).where(table)
    : sql<SqlBool>`(${sql.join(
        limits.map((l) => l.where(table)),
        sql` and `,
      )})`;
}

function scopeOf(
  limits: readonly ConversationLimit[],
  figureLimits: readonly ConversationLimit[] = [],
): ConversationScope {
  const figures = {
    figuresWhere: (table: string) => allOf(figureLimits, table),
    figuresLimited: figureLimits.length > 0,
  };
  if (limits.length === 0) {
    return {
      limited: false,
      allows: () => true,
      where: () => ALWAYS,
      clientWhere: () => ALWAYS,
      conversationIdWhere: () => ALWAYS,
      ...figures,
    };
  }
  const where = (table: string) => allOf(limits, table);
  return {
    ...figures,
    limited: true,
    allows: (conversation) => limits.every((limit) => limit.allows(conversation)),
    where,
    clientWhere: (table) => sql<SqlBool>`(exists (select 1 from conversations vis
        where vis.client_id = ${ref(`${table}.id`)} and ${where('vis')})
      or not exists (select 1 from conversations vis where vis.client_id = ${ref(`${table}.id`)}))`,
    conversationIdWhere: (column) => sql<SqlBool>`(${ref(column)} is null
      or exists (select 1 from conversations vis where vis.id = ${ref(column)} and ${where('vis')}))`,
  };
}

/** Every conversation: the scope of a viewer no rule limits (internal readers, tests). */
export const UNLIMITED_SCOPE: ConversationScope = scopeOf([]);

const factsQuery = preparedQuery((db, id: string) =>
  db.selectFrom('conversations').select(['handler_mode', 'handler_user_id', 'inbox_id']).where('id', '=', id),
);

const mediaConversationQuery = preparedQuery((db, url: string) =>
  db.selectFrom('messages').select('conversation_id').where('media_url', '=', url).limit(1),
);

/**
 * Operators' visibility: the one check every route, socket event and read model that shows a
 * conversation, its messages, media or customer goes through. The rules are `VISIBILITY_RULES`; a
 * conversation a viewer may not see does not exist for them (404, never listed, no events).
 */
export function createVisibility(db: Kysely<Database>, rules: readonly VisibilityRule[] = VISIBILITY_RULES) {
  async function scopeFor(viewer: Viewer): Promise<ConversationScope> {
    const limits = await Promise.all(rules.map((rule) => rule.limitFor(viewer, db)));
    const present = (limit: ConversationLimit | null): limit is ConversationLimit => limit !== null;
    const figures = limits.filter((_, i) => rules[i]?.limitsFigures === true);
    return scopeOf(limits.filter(present), figures.filter(present));
  }

  async function factsOf(conversationId: string): Promise<ConversationFacts | undefined> {
    const row = (await factsQuery(db, conversationId)).rows[0];
    return (
      row && { handlerMode: row.handler_mode, handlerUserId: row.handler_user_id, inboxId: row.inbox_id }
    );
  }

  /** Whether a conversation exists and the scope shows it. */
  async function shows(scope: ConversationScope, conversationId: string): Promise<boolean> {
    const facts = await factsOf(conversationId);
    return facts !== undefined && scope.allows(facts);
  }

  return {
    scopeFor,
    shows,

    async canSee(viewer: Viewer, conversationId: string): Promise<boolean> {
      return shows(await scopeFor(viewer), conversationId);
    },

    /** Whether any rule limits this viewer. */
    async isRestricted(viewer: Viewer): Promise<boolean> {
      return (await scopeFor(viewer)).limited;
    },

    /** Whether the holder rule limits operators at all (realtime routing by holder). */
    async restrictsOperators(): Promise<boolean> {
      return !(await getSettings(db, 'access-control')).operatorsSeeAllConversations;
    },

    /** 404, as for a conversation that does not exist, unless the viewer may see it. */
    async assertCanSee(viewer: Viewer | ConversationScope, conversationId: string): Promise<void> {
      const scope = 'limited' in viewer ? viewer : await scopeFor(viewer);
      if (!(await shows(scope, conversationId))) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
    },

    /** 404 for a client whose every conversation the scope hides (unlimited: left to the route). */
    async assertCanSeeClient(scope: ConversationScope, clientId: string): Promise<void> {
      if (!scope.limited) return;
      const row = await db
        .selectFrom('clients as k')
        .select('k.id')
        .where('k.id', '=', clientId)
        .where(scope.clientWhere('k'))
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
    },

    /** A stored file: visible with the conversation it was sent in (a file no message carries: yes). */
    async showsMedia(scope: ConversationScope, mediaUrl: string): Promise<boolean> {
      if (!scope.limited) return true;
      const conversationId = (await mediaConversationQuery(db, mediaUrl)).rows[0]?.conversation_id;
      return conversationId === undefined || (await shows(scope, conversationId));
    },
  };
}

export type Visibility = ReturnType<typeof createVisibility>;
