import type { BulkActionRequest, BulkActionResult } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../types.js';
import { ASSIGNED_REASON_PREFIX } from '../assignment/assign.routes.js';
import { labelsRepository } from '../labels/labels.repository.js';
import { CONVERSATION_NOT_FOUND } from '../messaging/change-handler.js';
import type { ConversationScope } from '../visibility/visibility.service.js';

/**
 * One action on many conversations (the list's selection): each goes on its own, so one that cannot
 * (hidden, already finished) fails alone with why; the others are done.
 */
export async function runBulk(
  app: FastifyInstance,
  user: AuthUser,
  scope: ConversationScope,
  request: BulkActionRequest,
): Promise<BulkActionResult> {
  const { messaging } = app.domain;
  let act: (conversationId: string) => Promise<unknown>;
  switch (request.action) {
    case 'resolve':
      act = (id) => messaging.resolve(id, user);
      break;
    case 'assign': {
      await app.assertCan(user, 'conversations:assign');
      const assignee = await app.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', '=', request.userId)
        .where('disabled', '=', 0)
        .executeTakeFirst();
      if (!assignee) throw new AppError('VALIDATION_ERROR', 'Usuário não encontrado ou desativado');
      act = (id) =>
        messaging.changeHandler(id, {
          mode: 'human',
          user: assignee,
          reason: `${ASSIGNED_REASON_PREFIX}${user.name}`,
          assignedBy: { id: user.id, name: user.name },
        });
      break;
    }
    case 'label': {
      const [label] = await labelsRepository(app.db).existing([request.labelId]);
      if (!label) throw new AppError('VALIDATION_ERROR', 'Etiqueta não encontrada');
      act = async (id) => {
        const conversation = await messaging.getConversation(id, 1);
        if (!conversation.tags.includes(request.labelId))
          await messaging.setLabels(id, [...conversation.tags, request.labelId]);
      };
      break;
    }
  }
  const result: BulkActionResult = { done: [], failed: [] };
  for (const conversationId of new Set(request.conversationIds)) {
    try {
      if (scope.limited && !(await app.domain.visibility.canSee(user, conversationId)))
        throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      await act(conversationId);
      result.done.push(conversationId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ conversationId, message: error.message });
    }
  }
  return result;
}
