import { z } from 'zod';
import { idSchema } from './common.js';

/** An admin hands a conversation to a person (`POST /conversations/{id}/assign`). */
export const assignConversationRequestSchema = z.object({ userId: idSchema }).strict();
export type AssignConversationRequest = z.infer<typeof assignConversationRequestSchema>;

/** The inbox's "minhas" / "não atribuídas" / "todas": held by me, held by nobody, any. */
export const assigneeFilterSchema = z.enum(['me', 'none', 'all']);
export type AssigneeFilter = z.infer<typeof assigneeFilterSchema>;
