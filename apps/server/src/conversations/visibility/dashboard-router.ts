import type { ServerToClientEvents } from '@atende/contracts';
import { ROOMS } from '@atende/contracts';
import type { DashboardRouter, SocketUser } from '../../types.js';
import type { DashboardLimitsService } from './dashboard-limits.js';
import type { Visibility } from './visibility.service.js';

/**
 * The dashboard rooms of limited operators. Everyone limited hears what is about no conversation
 * (`dashboard:any`); an operator limited only by inbox hears every conversation of each inbox open to
 * them (`dashboard:inbox:<id>`); one also limited by holder hears, in those inboxes, the conversations
 * nobody holds (`dashboard:unheld:<id>`) and, anywhere, those they hold (their own room).
 */
export const ANY_ROOM = 'dashboard:any';
export const inboxRoom = (inboxId: string) => `dashboard:inbox:${inboxId}`;
export const unheldRoom = (inboxId: string) => `dashboard:unheld:${inboxId}`;
export const userRoom = (userId: string) => `dashboard:user:${userId}`;
/**
 * Figures: limited operators who count the whole business (the holder rule does not limit counts)
 * hear the `system:metrics` push; those kept out of an inbox hear only `metrics:changed` and refetch
 * their own figures (conversations/visibility, `limitsFigures`).
 */
export const FIGURES_ROOM = 'dashboard:figures';
export const LIMITED_FIGURES_ROOM = 'dashboard:figures-limited';

type Payload = Record<string, unknown> | undefined;

/** What routing reads of a conversation: who holds it and its inbox (undefined: no such conversation). */
export type ConversationRouting = (
  conversationId: string,
) => Promise<{ holder: string | null; inboxId: string } | undefined>;

/** The conversation an event is about, with its holder and inbox when the payload says them. */
function conversationOf(event: keyof ServerToClientEvents, payload: Payload) {
  if (!payload || typeof payload !== 'object') return null;
  const handlerOf = (value: unknown) => {
    const handler = value as { mode?: string; userId?: string | null } | undefined;
    return handler?.mode === 'human' ? (handler.userId ?? null) : null;
  };
  if (event === 'conversation:updated') {
    return {
      id: String(payload.id),
      holder: handlerOf(payload.handler),
      inboxId: typeof payload.inboxId === 'string' && payload.inboxId ? payload.inboxId : undefined,
    };
  }
  if (typeof payload.conversationId !== 'string') return null;
  return {
    id: payload.conversationId,
    holder: event === 'conversation:handler' ? handlerOf(payload.handler) : undefined,
    inboxId: undefined,
  };
}

/**
 * Which dashboard rooms hear an event when operators are limited (by the holder rule or by inbox
 * access, conversations/visibility): admins and unlimited operators (room `dashboard`) hear everything;
 * a limited operator hears a conversation's events exactly when they may see it, and activities
 * (which name any conversation's customer) not at all. Who holds a conversation and its inbox are read
 * after the write committed, so the routing follows the latest state. When inbox access or the
 * setting changes, the sockets' rooms are recomputed (`realtime.refreshDashboardRooms`).
 */
export function createDashboardRouter(
  visibility: Pick<Visibility, 'canSee'>,
  limits: DashboardLimitsService,
  routing: ConversationRouting,
): DashboardRouter {
  return {
    async roomsFor(user: SocketUser): Promise<string[]> {
      const limited = await limits.limitsFor(user);
      if (!limited) return [ROOMS.dashboard];
      const figures = limited.byInbox ? LIMITED_FIGURES_ROOM : FIGURES_ROOM;
      return limited.byHolder
        ? [ANY_ROOM, figures, userRoom(user.id), ...limited.inboxIds.map(unheldRoom)]
        : [ANY_ROOM, figures, ...limited.inboxIds.map(inboxRoom)];
    },

    async route(event, args) {
      // The whole business's figures never reach an operator kept out of an inbox.
      if (event === 'system:metrics') return [ROOMS.dashboard, FIGURES_ROOM];
      if (event === 'metrics:changed') return [LIMITED_FIGURES_ROOM];
      if (!(await limits.limitsAnyone())) return null;
      if (event === 'analytics:update') return [ROOMS.dashboard];
      const payload = args[0] as Payload;
      if (event === 'inbox:status' && typeof payload?.inboxId === 'string') {
        return [ROOMS.dashboard, inboxRoom(payload.inboxId), unheldRoom(payload.inboxId)];
      }
      const conversation = conversationOf(event, payload);
      if (!conversation) return [ROOMS.dashboard, ANY_ROOM];
      const stored =
        conversation.holder === undefined || conversation.inboxId === undefined
          ? await routing(conversation.id)
          : undefined;
      const holder = conversation.holder !== undefined ? conversation.holder : stored?.holder;
      const inboxId = conversation.inboxId ?? stored?.inboxId;
      if (holder === undefined || inboxId === undefined) return [ROOMS.dashboard];
      const rooms = [
        ROOMS.dashboard,
        inboxRoom(inboxId),
        holder === null ? unheldRoom(inboxId) : userRoom(holder),
      ];
      // Who handles a conversation is told to everyone who could see it before (so their lists drop it).
      if (event === 'conversation:handler') rooms.push(unheldRoom(inboxId));
      return [...new Set(rooms)];
    },

    async mayStayInConversation(user: SocketUser, conversationId: string): Promise<boolean> {
      return visibility.canSee(user, conversationId);
    },
  };
}
