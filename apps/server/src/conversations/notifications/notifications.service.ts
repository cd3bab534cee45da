import type { Notification } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { can } from '../../kernel/permissions/actions.js';
import { now, toIso } from '../../lib/clock.js';
import type { AuthUser } from '../../types.js';
import { ASSIGNED_REASON_PREFIX } from '../assignment/assign.routes.js';
import type { ConversationScope } from '../visibility/visibility.service.js';

const LIMIT = 50;
/** Mentions older than this are not news any more. */
const MENTION_DAYS_MS = 7 * 86_400_000;

type Item = Omit<Notification, 'read'>;

/** Notices only admins get, from other contexts (webhooks the system turned off), handed in at composition. */
export type AdminNotices = (db: FastifyInstance['db']) => Promise<Item[]>;

/**
 * The top bar's notifications, derived from the current state rather than stored: conversations
 * waiting for a person (that the user may see), conversations assigned to the user, and WhatsApp
 * being disconnected. Each occurrence has a stable id (a new hand-off of the same conversation is a
 * new one); only the read marks are stored, per user.
 */
export function notificationsService(app: FastifyInstance, adminNotices: AdminNotices) {
  let disconnectedSince: number | null = null;

  function whatsapp(): Item | null {
    const status = app.domain.channel.status();
    if (status.connected) {
      disconnectedSince = null;
      return null;
    }
    disconnectedSince ??= now();
    return {
      id: `whatsapp:${disconnectedSince}`,
      kind: 'whatsapp_disconnected',
      title: 'WhatsApp desconectado',
      body: status.reason ?? 'Os clientes não recebem respostas até o WhatsApp ser reconectado.',
      at: toIso(disconnectedSince),
      conversationId: null,
    };
  }

  async function items(user: AuthUser, scope: ConversationScope): Promise<Item[]> {
    const messaging = app.domain.messaging;
    const [waiting, mine] = await Promise.all([
      messaging.listConversations({ status: 'all', handler: 'waiting_human', visible: scope, limit: LIMIT }),
      messaging.listConversations({ status: 'all', heldBy: user.id, visible: scope, limit: LIMIT }),
    ]);
    const list: Item[] = [];
    for (const c of waiting.conversations) {
      list.push({
        id: `handoff:${c.id}:${Date.parse(c.handler.since)}`,
        kind: 'handoff',
        title: 'Conversa aguardando atendimento',
        body: `${c.clientName ?? `Cliente ${c.clientId}`}${c.handler.reason ? ` — ${c.handler.reason}` : ''}`,
        at: c.handler.since,
        conversationId: c.id,
      });
    }
    for (const c of mine.conversations) {
      if (!c.handler.reason?.startsWith(ASSIGNED_REASON_PREFIX)) continue;
      list.push({
        id: `assigned:${c.id}:${Date.parse(c.handler.since)}`,
        kind: 'assigned',
        title: 'Conversa atribuída a você',
        body: `${c.clientName ?? `Cliente ${c.clientId}`} — ${c.handler.reason}`,
        at: c.handler.since,
        conversationId: c.id,
      });
    }
    for (const note of await messaging.mentionsOf(user.id, MENTION_DAYS_MS, scope)) {
      list.push({
        id: `mention:${note.id}`,
        kind: 'mention',
        title: `${note.author?.name ?? 'Alguém'} mencionou você`,
        body: note.text.length > 140 ? `${note.text.slice(0, 139)}…` : note.text,
        at: note.createdAt,
        conversationId: note.conversationId,
      });
    }
    const disconnected = whatsapp();
    if (disconnected) list.push(disconnected);
    if (can(user, 'integrations:manage')) list.push(...(await adminNotices(app.db)));
    return list.sort((a, b) => b.at.localeCompare(a.at)).slice(0, LIMIT);
  }

  return {
    async list(user: AuthUser, scope: ConversationScope): Promise<{ items: Notification[]; unread: number }> {
      const current = await items(user, scope);
      const ids = current.map((item) => item.id);
      const read = ids.length
        ? new Set(
            (
              await app.db
                .selectFrom('notification_reads')
                .select('notification_id')
                .where('user_id', '=', user.id)
                .where('notification_id', 'in', ids)
                .execute()
            ).map((r) => r.notification_id),
          )
        : new Set<string>();
      const withRead = current.map((item) => ({ ...item, read: read.has(item.id) }));
      return { items: withRead, unread: withRead.filter((item) => !item.read).length };
    },

    /** Marks the given notifications (or all current ones) read. */
    async markRead(user: AuthUser, scope: ConversationScope, ids?: string[]): Promise<void> {
      const targets = ids ?? (await items(user, scope)).map((item) => item.id);
      if (targets.length === 0) return;
      const at = now();
      await app.db
        .insertInto('notification_reads')
        .values([...new Set(targets)].map((id) => ({ user_id: user.id, notification_id: id, read_at: at })))
        .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
        .execute();
    },
  };
}
