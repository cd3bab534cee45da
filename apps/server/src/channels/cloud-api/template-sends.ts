import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now } from '../../lib/clock.js';

export interface TemplateSpec {
  name: string;
  language: string;
  parameters: string[];
}

/**
 * The template a message of ours goes out as. Recorded before the message itself (by the provider id
 * the message is stored with), so when its send job runs the channel sends the template, not text.
 */
export function templateSends(db: Kysely<Database>) {
  return {
    async record(providerMessageId: string, spec: TemplateSpec): Promise<void> {
      await db
        .insertInto('cloud_api_template_sends')
        .values({
          provider_message_id: providerMessageId,
          name: spec.name,
          language: spec.language,
          parameters: JSON.stringify(spec.parameters),
          created_at: now(),
        })
        .execute();
    },

    async find(providerMessageId: string): Promise<TemplateSpec | null> {
      const row = await db
        .selectFrom('cloud_api_template_sends')
        .select(['name', 'language', 'parameters'])
        .where('provider_message_id', '=', providerMessageId)
        .executeTakeFirst();
      if (!row) return null;
      return { name: row.name, language: row.language, parameters: JSON.parse(row.parameters) as string[] };
    },
  };
}

export type TemplateSends = ReturnType<typeof templateSends>;

/** How many distinct `{{n}}` placeholders a template body has. */
export function countParameters(body: string): number {
  const numbers = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}
