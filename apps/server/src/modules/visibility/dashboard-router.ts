import type { ServerToClientEvents } from '@atende/contracts';
import { ROOMS } from '@atende/contracts';
import type { DashboardRouter, SocketUser } from '../../types.js';
import type { Visibility } from './visibility.service.js';

/** Restricted operators' rooms: every one of them, and each one alone. */
export const LIMITED_ROOM = 'dashboard:limited';
export const userRoom = (userId: string) => `dashboard:user:${userId}`;

type Payload = Record<string, unknown> | undefined;

/** The conversation an event is about, and its holder when the payload says it. */
function conversationOf(event: keyof ServerToClientEvents, payload: Payload) {
  if (!payload || typeof payload !== 'object') return null;
  if (event === 'conversation:updated') {
    const handler = payload.handler as { mode?: string; userId?: string | null } | undefined;
    return { id: String(payload.id), holder: handler?.mode === 'human' ? (handler.userId ?? null) : null };
  }
  if (typeof payload.conversationId === 'string') {
    if (event === 'conversation:handler') {
      const handler = payload.handler as { mode?: string; userId?: string | null } | undefined;
      return {
        id: payload.conversationId,
        holder: handler?.mode === 'human' ? (handler.userId ?? null) : null,
      };
    }
    return { id: payload.conversationId, holder: undefined };
  }
  return null;
}

/**
 * Which dashboard rooms hear an event when operators' visibility is restricted: admins (room
 * `dashboard`) hear everything; restricted operators hear conversation events only for conversations
 * nobody holds (`dashboard:limited`) or that they hold (their own room). Activities name customers of
 * any conversation, so they stay with `dashboard`. Who holds a conversation is read after the write
 * committed, so the routing follows the latest holder.
 */
export function createDashboardRouter(
  visibility: Visibility,
  holderOf: (conversationId: string) => Promise<string | null | undefined>,
): DashboardRouter {
  return {
    async roomsFor(user: SocketUser): Promise<string[]> {
      return (await visibility.isRestricted(user)) ? [LIMITED_ROOM, userRoom(user.id)] : [ROOMS.dashboard];
    },

    async route(event, args) {
      if (!(await visibility.restrictsOperators())) return null;
      if (event === 'analytics:update') return [ROOMS.dashboard];
      const conversation = conversationOf(event, args[0] as Payload);
      // Who handles a conversation is shown to everyone who could see it before (so lists drop it).
      if (!conversation || event === 'conversation:handler') return [ROOMS.dashboard, LIMITED_ROOM];
      const holder =
        conversation.holder !== undefined ? conversation.holder : await holderOf(conversation.id);
      if (holder === undefined) return [ROOMS.dashboard];
      return [ROOMS.dashboard, holder === null ? LIMITED_ROOM : userRoom(holder)];
    },

    async mayStayInConversation(user: SocketUser, conversationId: string): Promise<boolean> {
      return visibility.canSee(user, conversationId);
    },
  };
}
