import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import {
  SETTINGS,
  type SettingsCheckContext,
  type SettingsKey,
  type SettingsValues,
} from './settings.definitions.js';

/** Parses stored values; a field that no longer validates falls back to its default. */
function parseStored<K extends SettingsKey>(key: K, raw: unknown): SettingsValues[K] {
  const { schema } = SETTINGS[key];
  const whole = schema.safeParse(raw);
  if (whole.success) return whole.data as SettingsValues[K];
  const kept: Record<string, unknown> = {};
  if (raw && typeof raw === 'object') {
    for (const [field, value] of Object.entries(raw)) {
      const fieldSchema = schema.shape[field];
      if (fieldSchema?.safeParse(value).success) kept[field] = value;
    }
  }
  return schema.parse(kept) as SettingsValues[K];
}

/**
 * Parsed values per database handle, read several times per message on the hot path. Writes through
 * `updateSettings` invalidate at once; the short TTL bounds staleness when another process (sharing a
 * PostgreSQL database) writes.
 */
const CACHE_TTL_MS = 1000;
const cache = new WeakMap<object, Map<SettingsKey, { value: unknown; expires: number }>>();

function cacheOf(db: Kysely<Database>): Map<SettingsKey, { value: unknown; expires: number }> | null {
  // Inside a transaction, read through: the caller wants what its transaction sees.
  if (db.isTransaction) return null;
  let entries = cache.get(db);
  if (!entries) {
    entries = new Map();
    cache.set(db, entries);
  }
  return entries;
}

/** Forgets cached values (all keys, or one) — after a write, or in tests that write rows directly. */
export function invalidateSettings(db: Kysely<Database>, key?: SettingsKey): void {
  if (key) cache.get(db)?.delete(key);
  else cache.delete(db);
}

/**
 * Who wants to know, per database handle, that a resource was saved through `updateSettings`. The save
 * waits for them, so what a listener books is in place when the save's caller hears back.
 */
type SavedListener = () => void | Promise<void>;
const savedListeners = new WeakMap<object, Map<SettingsKey, Set<SavedListener>>>();

/**
 * Calls `listener` after each save of `key` on this database handle, in this process (a module that
 * acts on a setting at once instead of at its next round). Answers the unsubscribe function.
 */
export function onSettingsSaved(db: Kysely<Database>, key: SettingsKey, listener: SavedListener): () => void {
  let byKey = savedListeners.get(db);
  if (!byKey) {
    byKey = new Map();
    savedListeners.set(db, byKey);
  }
  let listeners = byKey.get(key);
  if (!listeners) {
    listeners = new Set();
    byKey.set(key, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored values of a settings resource, or its defaults. For the domain and the agent. */
export async function getSettings<K extends SettingsKey>(
  db: Kysely<Database>,
  key: K,
): Promise<SettingsValues[K]> {
  const entries = cacheOf(db);
  const hit = entries?.get(key);
  const at = Date.now();
  if (hit && hit.expires > at) return hit.value as SettingsValues[K];
  // Shared by every reader until it expires: frozen, so no caller can change what the others see.
  const value = deepFreeze(await readSettings(db, key));
  entries?.set(key, { value, expires: at + CACHE_TTL_MS });
  return value;
}

/** Settings are plain JSON: objects and arrays frozen all the way down (cheaper than a copy per read). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

async function readSettings<K extends SettingsKey>(db: Kysely<Database>, key: K): Promise<SettingsValues[K]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  let raw: unknown = {};
  if (row) {
    try {
      raw = JSON.parse(row.value);
    } catch {
      raw = {};
    }
  }
  const { upgrade } = SETTINGS[key];
  if (upgrade && raw && typeof raw === 'object') raw = upgrade(raw as Record<string, unknown>);
  return parseStored(key, raw);
}

/** Merges a validated partial input into the stored values, validates the whole, stores it; answers the
 * stored values and the fields of `input` whose value changed. */
export async function updateSettings<K extends SettingsKey>(
  db: Kysely<Database>,
  key: K,
  input: Record<string, unknown>,
  userId: string | null,
  context?: SettingsCheckContext,
): Promise<{ values: SettingsValues[K]; changed: string[] }> {
  const definition = SETTINGS[key];
  const current = await readSettings(db, key);
  const merged = definition.schema.safeParse(definition.merge(current, input));
  if (!merged.success) {
    const issue = merged.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new AppError('VALIDATION_ERROR', `Dados inválidos — ${field ? `${field}: ` : ''}${issue?.message}`);
  }
  const refusal =
    context && definition.check ? await definition.check(merged.data as SettingsValues[K], context) : null;
  if (refusal) throw new AppError('VALIDATION_ERROR', refusal);
  const value = JSON.stringify(merged.data);
  const at = now();
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
  invalidateSettings(db, key);
  await Promise.all([...(savedListeners.get(db)?.get(key) ?? [])].map((listener) => listener()));
  // A form sends all its fields: the ones whose stored value differs are what changed.
  const before = current as Record<string, unknown>;
  const after = merged.data as Record<string, unknown>;
  const changed = Object.keys(input).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return { values: merged.data as SettingsValues[K], changed };
}

/**
 * A stored section as saved, unparsed (channel kinds parse theirs, and the first Cloud API inbox takes
 * the number that older installations saved there); `{}` when absent or unreadable.
 */
export async function getStoredSection(db: Kysely<Database>, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  try {
    return row ? JSON.parse(row.value) : {};
  } catch {
    return {};
  }
}
