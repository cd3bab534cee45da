import {
  type ReportDefinition,
  reportDefinitionSchema,
  type SavedReport,
  type SavedReportInput,
} from '@atende/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SavedReportsTable } from '../../db/schema.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import { now, toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { foldText } from '../../lib/text/normalize.js';

export const REPORT_NOT_FOUND = 'Relatório não encontrado';
const NAME_TAKEN = 'Já existe um relatório com esse nome';

type Actor = { id: string; name: string };

/** A definition saved by an older version may no longer read: it opens as the default report. */
const FALLBACK: ReportDefinition = { metric: 'conversations', groupBy: 'day', period: '30d' };

function toSaved(row: Selectable<SavedReportsTable>): SavedReport {
  let definition = FALLBACK;
  try {
    definition = reportDefinitionSchema.parse(JSON.parse(row.definition));
  } catch {
    definition = FALLBACK;
  }
  return {
    id: row.id,
    name: row.name,
    definition,
    createdBy:
      row.created_by && row.created_by_name ? { id: row.created_by, name: row.created_by_name } : null,
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

/** Names compare without case or accents: "Satisfação" and "satisfacao" are one report. */
const keyOf = (name: string) => foldText(name.trim()).replace(/\s+/g, ' ');

/** The team's saved reports (their one writer): everyone reads them, admins change them. */
export function savedReportsRepository(db: Kysely<Database>) {
  async function assertFree(name: string, except?: string) {
    const taken = await db
      .selectFrom('saved_reports')
      .select('id')
      .where('name_key', '=', keyOf(name))
      .$if(except !== undefined, (q) => q.where('id', '!=', except as string))
      .executeTakeFirst();
    if (taken) throw new AppError('CONFLICT', NAME_TAKEN);
  }

  return {
    async list(): Promise<SavedReport[]> {
      const rows = await db.selectFrom('saved_reports').selectAll().orderBy('name_key').execute();
      return rows.map(toSaved);
    },

    async create(input: SavedReportInput, actor: Actor): Promise<SavedReport> {
      await assertFree(input.name);
      const at = now();
      const row = {
        id: newId(),
        name: input.name,
        name_key: keyOf(input.name),
        definition: JSON.stringify(input.definition),
        created_by: actor.id,
        created_by_name: actor.name,
        created_at: at,
        updated_at: at,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('saved_reports').values(row).execute();
        await recordAudit(trx, { action: 'report.save', actor, targetType: 'analytics', targetId: row.id });
      });
      return toSaved(row);
    },

    async update(id: string, input: SavedReportInput, actor: Actor): Promise<SavedReport> {
      await assertFree(input.name, id);
      const at = now();
      const updated = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('saved_reports')
          .set({
            name: input.name,
            name_key: keyOf(input.name),
            definition: JSON.stringify(input.definition),
            updated_at: at,
          })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
        await recordAudit(trx, { action: 'report.save', actor, targetType: 'analytics', targetId: id });
        return trx.selectFrom('saved_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      });
      return toSaved(updated);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('saved_reports').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
        await recordAudit(trx, { action: 'report.delete', actor, targetType: 'analytics', targetId: id });
      });
    },
  };
}
