import type { UpdateClientRequest } from '@atende/contracts';
import type { Kysely, Transaction } from 'kysely';
import { retryOnConflict } from '../../db/retry-deadlock.js';
import type { Database } from '../../db/schema.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { DomainEvents, Realtime } from '../../types.js';
import { selectConversations, toConversation } from './conversation-row.js';
import { PendingEvents } from './pending-events.js';
import { clientSearchName, conversationSearchText } from './search-text.js';

export const CLIENT_NOT_FOUND = 'Cliente não encontrado';

interface Actor {
  id: string;
  name: string;
}

/** The client's conversations get their search text and list rows again (name or phone changed). */
export async function refreshConversations(
  trx: Transaction<Database>,
  clientId: string,
  events: PendingEvents,
) {
  const rows = await selectConversations(trx).where('c.client_id', '=', clientId).execute();
  for (const row of rows) {
    const search_text = conversationSearchText({
      clientId,
      clientName: row.client_name,
      clientPhone: row.client_phone,
      lastMessage: row.last_message,
    });
    await trx.updateTable('conversations').set({ search_text }).where('id', '=', row.id).execute();
    events.dashboard('conversation:updated', toConversation({ ...row, search_text }));
  }
  return rows.map((row) => row.id);
}

/**
 * The LGPD erasure of one client's personal data in every table, run inside messaging's transaction.
 * The customers context implements it from its personal-data registry; the composition root hands it in.
 */
export interface PersonalDataEraser {
  /** Null when there is no such client; else the erased rows per table and the media files to remove. */
  eraseWithin(
    trx: Transaction<Database>,
    clientId: string,
  ): Promise<{ blanked: Record<string, number>; mediaIds: string[] } | null>;
  /** Deletes a conversation and everything found through it; answers the files to remove. */
  deleteConversationWithin(
    trx: Transaction<Database>,
    conversationId: string,
  ): Promise<{ mediaIds: string[] }>;
}

/**
 * The CRM's writes on `clients` (which the messaging module owns: ingest upserts it with every
 * message) and the LGPD erasure.
 */
export function clientRecords(deps: {
  db: Kysely<Database>;
  realtime: Realtime;
  domainEvents: DomainEvents;
  personalData: PersonalDataEraser;
}) {
  const { db } = deps;

  return {
    /** Name, e-mail, notes, labels: only the fields sent change; audited by the names of those that did. */
    async updateClient(clientId: string, patch: UpdateClientRequest, actor: Actor): Promise<void> {
      const events = new PendingEvents();
      await db.transaction().execute(async (trx) => {
        const client = await trx
          .selectFrom('clients')
          .select(['id', 'erased_at', 'name', 'email', 'notes', 'labels', 'do_not_contact'])
          .where('id', '=', clientId)
          .executeTakeFirst();
        if (!client) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
        if (client.erased_at !== null)
          throw new AppError('CONFLICT', 'Os dados deste cliente foram apagados');
        const sent: {
          name?: string | null;
          email?: string | null;
          notes?: string | null;
          labels?: string;
          do_not_contact?: number;
        } = {};
        if (patch.name !== undefined) sent.name = patch.name?.trim() || null;
        if (patch.email !== undefined) sent.email = patch.email?.trim() || null;
        if (patch.notes !== undefined) sent.notes = patch.notes?.trim() || null;
        if (patch.labelIds !== undefined) sent.labels = JSON.stringify([...new Set(patch.labelIds)]);
        if (patch.doNotContact !== undefined) sent.do_not_contact = patch.doNotContact ? 1 : 0;
        // A form sends every field: the audit names (and the write touches) only those that differ.
        const sameLabels = (stored: string, next: string) =>
          JSON.stringify((JSON.parse(stored) as string[]).toSorted()) ===
          JSON.stringify((JSON.parse(next) as string[]).toSorted());
        const set = Object.fromEntries(
          Object.entries(sent).filter(([field, value]) =>
            field === 'labels'
              ? !sameLabels(client.labels, value as string)
              : client[field as keyof typeof sent] !== value,
          ),
        ) as typeof sent;
        const fields = Object.keys(set);
        if (fields.length === 0) return;
        await trx
          .updateTable('clients')
          .set(set.name === undefined ? set : { ...set, search_name: clientSearchName(set.name) })
          .where('id', '=', clientId)
          .execute();
        events.domain({
          type: 'client.updated',
          data: {
            clientId,
            fields,
            ...(set.name !== undefined ? { name: set.name } : {}),
            ...(set.email !== undefined ? { email: set.email } : {}),
            ...(set.notes !== undefined ? { notes: set.notes } : {}),
            ...(set.labels !== undefined ? { labelIds: JSON.parse(set.labels) as string[] } : {}),
            ...(set.do_not_contact !== undefined ? { doNotContact: set.do_not_contact === 1 } : {}),
            erased: false,
          },
        });
        if (set.name !== undefined) await refreshConversations(trx, clientId, events);
        await recordAudit(trx, {
          action: 'client.update',
          actor,
          targetType: 'client',
          targetId: clientId,
          detail: { fields },
        });
      });
      events.flush(deps);
    },

    /**
     * LGPD erasure: every column the personal-data registry classifies erase or anonymise, in every
     * table, on the client's rows (customers/privacy); then the client is marked erased, its
     * conversations' list rows refreshed and the erasure audited, all in one transaction. Answers what
     * was erased and the files the caller must remove from storage after the commit.
     */
    async eraseClient(clientId: string, actor: Actor) {
      // Each attempt gathers its own events: a rolled-back one announces nothing.
      const { outcome, events } = await retryOnConflict(async () => {
        const events = new PendingEvents();
        const outcome = await db.transaction().execute(async (trx) => {
          const erased = await deps.personalData.eraseWithin(trx, clientId);
          if (!erased) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
          const { blanked, mediaIds } = erased;
          await trx.updateTable('clients').set({ erased_at: now() }).where('id', '=', clientId).execute();
          await refreshConversations(trx, clientId, events);
          events.domain({
            type: 'client.updated',
            data: { clientId, fields: ['name', 'phone', 'email', 'avatar', 'notes', 'labels'], erased: true },
          });
          const counts = {
            messages: blanked.messages ?? 0,
            media: mediaIds.length,
            conversations: blanked.conversations ?? 0,
          };
          await recordAudit(trx, {
            action: 'client.erase',
            actor,
            targetType: 'client',
            targetId: clientId,
            detail: counts,
          });
          return { counts, mediaIds };
        });
        return { outcome, events };
      });
      events.flush(deps);
      return outcome;
    },
  };
}
