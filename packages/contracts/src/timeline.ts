import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/**
 * What people did in a conversation, shown in its transcript beside the messages and never sent to
 * the customer: private notes between colleagues, and system lines ("Ana assumiu", "resolvida").
 */
export const timelineEventSchema = z.enum([
  'resolved',
  'reopened',
  'snoozed',
  'woke',
  'abandoned',
  'archived',
  'unarchived',
  'taken_over',
  'handed_back',
  'handed_off',
  'assigned',
  'ai_paused',
  'survey_sent',
  'survey_answered',
  'survey_skipped',
]);
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const mentionSchema = z.object({ id: idSchema, name: z.string() });
export type Mention = z.infer<typeof mentionSchema>;

export const timelineEntrySchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  kind: z.enum(['note', 'event']),
  /** For `event`: what happened. */
  event: timelineEventSchema.nullable(),
  /** A note's words, or the event's line in pt-BR ("Ana assumiu a conversa"). */
  text: z.string(),
  /** Who wrote the note or did it; null for the server (abandoned, woke) and the AI. */
  author: z.object({ id: idSchema, name: z.string() }).nullable(),
  mentions: z.array(mentionSchema),
  createdAt: isoDateSchema,
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const timelineResponseSchema = okEnvelope(z.array(timelineEntrySchema));
export const timelineEntryResponseSchema = okEnvelope(timelineEntrySchema);

export const NOTE_MAX_CHARS = 4096;
export const createNoteRequestSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'Nota vazia')
      .max(NOTE_MAX_CHARS, `Máximo de ${NOTE_MAX_CHARS} caracteres`),
  })
  .strict();
export type CreateNoteRequest = z.infer<typeof createNoteRequestSchema>;

/**
 * The `@nome` mentions in a note, matched against the team by the longest name first ("@Ana Paula"
 * before "@Ana"), case- and accent-insensitively; each member once.
 */
export function findMentions<M extends { id: string; name: string }>(text: string, team: readonly M[]): M[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const folded = fold(text);
  const found = new Map<string, M>();
  const byLength = [...team].sort((a, b) => b.name.length - a.name.length);
  let at = folded.indexOf('@');
  while (at !== -1) {
    const rest = folded.slice(at + 1);
    const member = byLength.find((m) => {
      const name = fold(m.name);
      return rest.startsWith(name) && !/[\p{L}\p{N}]/u.test(rest.charAt(name.length));
    });
    if (member) found.set(member.id, member);
    at = folded.indexOf('@', at + 1);
  }
  return [...found.values()];
}
