import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import type { Conversation, HandlerMode } from './conversations.js';
import { okEnvelope } from './envelope.js';

/**
 * A conversation's life cycle: resolved (`completed`), reopened, snoozed (`paused` until a time or the
 * customer's next message), abandoned by the customer (set by the server), archived (kept, out of the
 * lists) and deleted (admins).
 */

/** Snooze until an instant, or until the customer writes again (`until: null`). */
export const snoozeRequestSchema = z
  .object({
    // In the future (checked by the server at the moment it snoozes).
    until: isoDateSchema.nullable(),
  })
  .strict();
export type SnoozeRequest = z.infer<typeof snoozeRequestSchema>;

export const BULK_MAX = 100;
export const bulkActionRequestSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('resolve'),
      conversationIds: z.array(idSchema).min(1).max(BULK_MAX, `No máximo ${BULK_MAX} conversas por vez`),
    })
    .strict(),
  z
    .object({
      action: z.literal('assign'),
      conversationIds: z.array(idSchema).min(1).max(BULK_MAX, `No máximo ${BULK_MAX} conversas por vez`),
      userId: idSchema,
    })
    .strict(),
  z
    .object({
      action: z.literal('label'),
      conversationIds: z.array(idSchema).min(1).max(BULK_MAX, `No máximo ${BULK_MAX} conversas por vez`),
      labelId: idSchema,
    })
    .strict(),
]);
export type BulkActionRequest = z.infer<typeof bulkActionRequestSchema>;
export const bulkActionResponseSchema = okEnvelope(
  z.object({
    done: z.array(idSchema),
    failed: z.array(z.object({ conversationId: idSchema, message: z.string() })),
  }),
);
export type BulkActionResult = z.infer<typeof bulkActionResponseSchema>['data'];

/** The inbox tabs and the attention badge: counts for the signed-in person. */
export const attentionSchema = z.object({
  /** Open conversations I hold. */
  mine: z.number().int().nonnegative(),
  /** Open conversations waiting for a person, held by nobody. */
  unassigned: z.number().int().nonnegative(),
  /** Every open conversation I may see. */
  all: z.number().int().nonnegative(),
  /** Conversations of mine or waiting with customer messages I have not seen (the badge). */
  unread: z.number().int().nonnegative(),
});
export type Attention = z.infer<typeof attentionSchema>;
export const attentionResponseSchema = okEnvelope(attentionSchema);

/** What a person can do on a conversation from its header (and the server allows). */
export const CONVERSATION_ACTIONS = [
  'resolve',
  'reopen',
  'snooze',
  'unsnooze',
  'takeover',
  'handback',
  'assign',
  'archive',
  'unarchive',
  'delete',
] as const;
export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number];

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

export interface ConversationView {
  /** The one status line: "Ativa", "Finalizada", "Adiada até 14:00", "Abandonada". */
  status: { label: string; tone: Tone };
  /** Who answers, only while that means something (an open conversation). */
  handler: { label: string; tone: Tone } | null;
  actions: ReadonlySet<ConversationAction>;
}

type ViewedConversation = Pick<Conversation, 'status' | 'handler'> & {
  archivedAt?: string | null | undefined;
  snoozedUntil?: string | null | undefined;
};

const HANDLER_LABELS: Record<HandlerMode, { label: string; tone: Tone }> = {
  ai: { label: 'IA respondendo', tone: 'info' },
  waiting_human: { label: 'Aguardando humano', tone: 'warning' },
  human: { label: 'Com uma pessoa', tone: 'success' },
  paused: { label: 'IA pausada', tone: 'neutral' },
};

function snoozeLabel(until: string | null | undefined, timeZone?: string): string {
  if (!until) return 'Adiada até o cliente responder';
  const at = new Date(until);
  const sameDay = at.toDateString() === new Date().toDateString();
  const time = at.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone });
  if (sameDay) return `Adiada até ${time}`;
  const day = at.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', timeZone });
  return `Adiada até ${day} ${time}`;
}

/**
 * The one reading of a conversation's status and handler, and what may be done on it: the chat
 * header, the list row and the server's transitions all use it, so they never contradict (a finished
 * conversation shows no handler and offers no takeover; a snoozed one offers waking it).
 */
export function conversationView(
  conversation: ViewedConversation,
  viewer: { id: string; role: 'admin' | 'operator' },
  options: { timeZone?: string } = {},
): ConversationView {
  const actions = new Set<ConversationAction>();
  const admin = viewer.role === 'admin';
  if (admin) actions.add('delete');
  actions.add(conversation.archivedAt ? 'unarchive' : 'archive');
  const { handler } = conversation;
  switch (conversation.status) {
    case 'active': {
      actions.add('resolve').add('snooze');
      if (handler.mode !== 'human' || handler.userId !== viewer.id) actions.add('takeover');
      if (handler.mode !== 'ai') actions.add('handback');
      if (admin) actions.add('assign');
      const base = HANDLER_LABELS[handler.mode];
      const label =
        handler.mode === 'human'
          ? handler.userId === viewer.id
            ? 'Com você'
            : `Com ${handler.userName ?? 'uma pessoa'}`
          : base.label;
      return { status: { label: 'Ativa', tone: 'success' }, handler: { label, tone: base.tone }, actions };
    }
    case 'paused':
      actions.add('unsnooze').add('resolve');
      return {
        status: { label: snoozeLabel(conversation.snoozedUntil, options.timeZone), tone: 'warning' },
        handler: null,
        actions,
      };
    case 'completed':
      actions.add('reopen');
      return { status: { label: 'Finalizada', tone: 'neutral' }, handler: null, actions };
    case 'abandoned':
      actions.add('reopen').add('resolve');
      return { status: { label: 'Abandonada', tone: 'error' }, handler: null, actions };
    default:
      return { status: { label: 'Inativo', tone: 'neutral' }, handler: null, actions };
  }
}

/** Said when a transition is not possible from the conversation's state (409). */
export const TRANSITION_REFUSED: Record<ConversationAction, string> = {
  resolve: 'Esta conversa já está finalizada',
  reopen: 'Esta conversa já está aberta',
  snooze: 'Só uma conversa ativa pode ser adiada',
  unsnooze: 'Esta conversa não está adiada',
  takeover: 'Reabra a conversa para assumi-la',
  handback: 'Esta conversa não está com uma pessoa',
  assign: 'Reabra a conversa para atribuí-la',
  archive: 'Esta conversa já está arquivada',
  unarchive: 'Esta conversa não está arquivada',
  delete: 'Apenas administradores excluem conversas',
};
