import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import type { CsvValue } from '../../lib/csv.js';
import { personalDataOf } from '../privacy/export-personal-data.js';

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

const SENDER_LABELS = new Map([
  ['client', 'Cliente'],
  ['agent', 'Agente'],
  ['admin', 'Admin'],
]);

const instant = (value: unknown) => (value === null || value === undefined ? null : toIso(Number(value)));

/**
 * Everything we hold about one client (LGPD "acesso aos dados"): a summary of the profile, then every
 * row of every table the personal-data registry says is theirs (customers/privacy), every column, by
 * table (`conversations`, `messages`, `reactions`, `activities`, `knowledge_gaps`, `media`, …). Null
 * when the client is unknown.
 */
export async function clientDataBundle(db: Db, clientId: string) {
  const tables = await personalDataOf(db, clientId);
  const client = tables?.clients?.[0];
  if (!tables || !client) return null;
  const messages = [...(tables.messages ?? [])].sort(
    (a, b) => Number(a.timestamp) - Number(b.timestamp) || String(a.id).localeCompare(String(b.id)),
  );
  return {
    exportedAt: new Date().toISOString(),
    client: {
      id: client.id as string,
      name: client.name as string | null,
      phone: client.phone as string | null,
      email: client.email as string | null,
      avatar: client.avatar as string | null,
      notes: client.notes as string | null,
      totalMessages: Number(client.total_messages),
      lastContact: instant(client.last_contact),
      createdAt: instant(client.created_at),
      erasedAt: instant(client.erased_at),
    },
    ...tables,
    messages,
  };
}

export type ClientDataBundle = NonNullable<Awaited<ReturnType<typeof clientDataBundle>>>;

export const CLIENT_MESSAGES_CSV_HEADER = ['Data', 'Conversa', 'Quem', 'Tipo', 'Mensagem', 'Status'];

/** The bundle's messages as CSV rows (the spreadsheet half of the export). */
export async function* clientMessageRows(bundle: ClientDataBundle): AsyncGenerator<readonly CsvValue[]> {
  for (const m of bundle.messages as Row[]) {
    yield [
      new Date(Number(m.timestamp)),
      m.conversation_id as string,
      SENDER_LABELS.get(m.sender as string) ?? (m.sender as string),
      m.type as string,
      m.content as string,
      m.status as string,
    ];
  }
}
