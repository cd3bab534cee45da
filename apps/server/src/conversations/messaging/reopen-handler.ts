import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import type { HandlerChange } from './change-handler.js';

/**
 * Who answers a conversation that comes back (the customer wrote after it ended, or a person reopened
 * it), per `conversation-rules.reopenTo`: the last person who held it while they still have an active
 * account, else the AI — or a person, where the AI is off on the inbox. Null: nothing changes.
 */
export async function reopenHandler(
  trx: Transaction<Database>,
  row: { handler_mode: string; handler_user_id: string | null; last_person_id: string | null },
  agentOn: boolean,
): Promise<HandlerChange | null> {
  const rules = await getSettings(trx, 'conversation-rules');
  if (rules.reopenTo === 'last-person' && row.last_person_id) {
    const person = await trx
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', '=', row.last_person_id)
      .where('disabled', '=', 0)
      .executeTakeFirst();
    if (person) {
      if (row.handler_mode === 'human' && row.handler_user_id === person.id) return null;
      return {
        mode: 'human',
        user: person,
        reason: 'reaberta: volta para quem atendia',
        assignedBy: 'reopen',
      };
    }
  }
  if (!agentOn) {
    return row.handler_mode === 'waiting_human'
      ? null
      : { mode: 'waiting_human', reason: 'reaberta: aguarda um atendente', cause: 'agent_off' };
  }
  return row.handler_mode === 'ai' ? null : { mode: 'ai', user: null, reason: 'reaberta: volta para a IA' };
}
