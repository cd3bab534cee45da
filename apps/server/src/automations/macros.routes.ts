import {
  ackEnvelopeSchema,
  type Macro,
  macroInputSchema,
  macroResponseSchema,
  macrosResponseSchema,
  runMacroRequestSchema,
  runMacroResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardConversation } from '../conversations/visibility/route-access.js';
import { recordAudit } from '../kernel/audit/audit.repository.js';
import { AppError } from '../lib/app-error.js';
import { newId } from '../lib/ids.js';
import type { AuthUser } from '../types.js';
import { runActions } from './actions.js';
import { macrosRepository } from './macros.repository.js';

const params = z.object({ id: z.string().min(1).max(64) });
const NOT_FOUND = 'Macro não encontrada';

/**
 * Macros: named sequences of actions an operator runs on the open conversation. Shared ones are the
 * admins' to manage; personal ones only their owner sees, edits and runs.
 */
export const macrosRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const macros = macrosRepository(app.db);
  const auth = { onRequest: app.authenticate };
  const user = (request: { user?: AuthUser | null | undefined }) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return request.user;
  };
  /** The macro if the person may use it (shared, or theirs), else 404. */
  const usable = async (id: string, person: AuthUser): Promise<Macro> => {
    const macro = await macros.get(id);
    if (!macro || (!macro.shared && macro.ownerId !== person.id)) throw new AppError('NOT_FOUND', NOT_FOUND);
    return macro;
  };
  /** A shared macro's changes are the team's business: audited (personal ones are not). */
  const audit = (
    action: 'macro.create' | 'macro.update' | 'macro.delete',
    person: AuthUser,
    macro: Pick<Macro, 'id' | 'name'>,
  ) =>
    recordAudit(app.db, {
      action,
      actor: person,
      targetType: 'macro',
      targetId: macro.id,
      detail: { name: macro.name },
    });
  /** Shared macros are the admins'; personal ones their owner's. */
  const assertMayEdit = async (shared: boolean, person: AuthUser) => {
    if (shared) await app.assertCan(person, 'automations:manage');
  };

  app.get(
    '/api/macros',
    { ...auth, schema: { response: { 200: macrosResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await macros.listFor(user(request).id),
    }),
  );

  app.post(
    '/api/macros',
    { ...auth, schema: { body: macroInputSchema, response: { 200: macroResponseSchema } } },
    async (request) => {
      const person = user(request);
      await assertMayEdit(request.body.shared, person);
      const macro = await macros.create(request.body, person.id);
      if (macro.shared) await audit('macro.create', person, macro);
      return { success: true as const, data: macro, message: 'Macro criada' };
    },
  );

  app.put(
    '/api/macros/:id',
    { ...auth, schema: { params, body: macroInputSchema, response: { 200: macroResponseSchema } } },
    async (request) => {
      const person = user(request);
      const current = await usable(request.params.id, person);
      await assertMayEdit(current.shared || request.body.shared, person);
      const macro = await macros.update(current.id, request.body, current.ownerId ?? person.id);
      if (macro.shared || current.shared) await audit('macro.update', person, macro);
      return { success: true as const, data: macro, message: 'Macro salva' };
    },
  );

  app.delete(
    '/api/macros/:id',
    { ...auth, schema: { params, response: { 200: ackEnvelopeSchema } } },
    async (request) => {
      const person = user(request);
      const current = await usable(request.params.id, person);
      await assertMayEdit(current.shared, person);
      await macros.remove(current.id);
      if (current.shared) await audit('macro.delete', person, current);
      return { success: true as const, message: 'Macro excluída' };
    },
  );

  app.post(
    '/api/macros/:id/run',
    {
      ...auth,
      // The conversation must be one the person sees (404 otherwise, like every conversation route).
      ...guardConversation('body.conversationId'),
      schema: { params, body: runMacroRequestSchema, response: { 200: runMacroResponseSchema } },
    },
    async (request) => {
      const person = user(request);
      const macro = await usable(request.params.id, person);
      const lines = await runActions(app, request.body.conversationId, macro.actions, {
        label: `macro ${macro.name}`,
        runKey: `macro:${macro.id}:${newId()}`,
        ruleId: null,
        person,
      });
      return { success: true as const, data: { lines }, message: `Macro ${macro.name} executada` };
    },
  );
};
