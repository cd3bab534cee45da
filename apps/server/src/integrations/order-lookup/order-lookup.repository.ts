import type { OrderLookupInput, OrderLookupView } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { maskSecret } from '../../kernel/settings/mask-secret.js';
import { now, toIso } from '../../lib/clock.js';
import type { LookupConfig } from './run-lookup.js';

const ID = 'default';

export interface StoredLookup extends LookupConfig {
  enabled: boolean;
  updatedAt: number | null;
}

function parseHeaders(text: string): Array<{ name: string; value: string }> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (h): h is { name: string; value: string } =>
        typeof h === 'object' && h !== null && typeof h.name === 'string' && typeof h.value === 'string',
    );
  } catch {
    return [];
  }
}

/** The `order_lookups` table: one configuration; header values are secrets and never leave here. */
export function orderLookupRepository(db: Kysely<Database>) {
  return {
    async get(): Promise<StoredLookup> {
      const row = await db.selectFrom('order_lookups').selectAll().where('id', '=', ID).executeTakeFirst();
      return {
        enabled: row?.enabled === 1,
        urlTemplate: row?.url_template ?? '',
        headers: parseHeaders(row?.headers ?? '[]'),
        replyTemplate: row?.reply_template ?? '',
        updatedAt: row?.updated_at ?? null,
      };
    },

    /** Saves the whole configuration; a header sent back masked keeps the value stored under its name. */
    async save(input: OrderLookupInput): Promise<StoredLookup> {
      const current = await this.get();
      const stored = new Map(current.headers.map((h) => [h.name.toLowerCase(), h.value]));
      const headers = input.headers.flatMap((h) => {
        if (typeof h.value === 'string') return [{ name: h.name, value: h.value }];
        const kept = stored.get(h.name.toLowerCase());
        return kept === undefined ? [] : [{ name: h.name, value: kept }];
      });
      const at = now();
      const row = {
        id: ID,
        enabled: input.enabled ? 1 : 0,
        url_template: input.urlTemplate,
        headers: JSON.stringify(headers),
        reply_template: input.replyTemplate,
        updated_at: at,
      };
      await db
        .insertInto('order_lookups')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, id: undefined }))
        .execute();
      return this.get();
    },
  };
}

export function toView(lookup: StoredLookup): OrderLookupView {
  return {
    enabled: lookup.enabled,
    urlTemplate: lookup.urlTemplate,
    replyTemplate: lookup.replyTemplate,
    headers: lookup.headers.map((h) => ({ name: h.name, value: maskSecret(h.value) })),
    updatedAt: lookup.updatedAt === null ? null : toIso(lookup.updatedAt),
  };
}

export type OrderLookupRepository = ReturnType<typeof orderLookupRepository>;
