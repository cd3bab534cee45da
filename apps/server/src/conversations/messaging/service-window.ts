import type { ServiceWindow } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';

/** WhatsApp's customer-service window: free-form messages within 24 h of the customer's last one. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The window as of `at`, from the customer's last message time. */
export function serviceWindowAt(lastClientMessageAt: number | null, at: number): ServiceWindow {
  const closesAt = lastClientMessageAt === null ? null : lastClientMessageAt + SERVICE_WINDOW_MS;
  const open = closesAt !== null && closesAt > at;
  return {
    applies: true,
    open,
    closesAt: open && closesAt !== null ? toIso(closesAt) : null,
    lastClientMessageAt: lastClientMessageAt === null ? null : toIso(lastClientMessageAt),
  };
}

/**
 * When the customer last wrote to one number, over all their conversations with it: the window is per
 * customer and business number (an inbox).
 */
export function serviceWindowReads(db: Kysely<Database>) {
  const lastFrom = (where: 'conversation' | 'phone', value: string, inboxId?: string) =>
    db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .innerJoin('clients as cl', 'cl.id', 'c.client_id')
      .select((eb) => eb.fn.max('m.timestamp').as('last'))
      .where('m.sender', '=', 'client')
      .where((eb) =>
        where === 'phone'
          ? eb.and([eb('cl.phone', '=', value), eb('c.inbox_id', '=', inboxId ?? '')])
          : eb.and([
              eb(
                'c.client_id',
                '=',
                eb.selectFrom('conversations').select('client_id').where('id', '=', value),
              ),
              eb(
                'c.inbox_id',
                '=',
                eb.selectFrom('conversations').select('inbox_id').where('id', '=', value),
              ),
            ]),
      )
      .executeTakeFirst()
      .then((row) => (row?.last == null ? null : Number(row.last)));
  return {
    lastClientMessageAt: (conversationId: string) => lastFrom('conversation', conversationId),
    lastClientMessageAtByPhone: (phone: string, inboxId: string) =>
      lastFrom('phone', phone.replace(/\D/g, ''), inboxId),
  };
}
