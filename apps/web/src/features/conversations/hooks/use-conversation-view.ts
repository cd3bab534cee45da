import { type Conversation, type ConversationView, conversationView } from '@atende/contracts';
import { useMemo } from 'react';
import { useAuth } from '@/lib/session';

/** The contracts' one reading of a conversation (status line, who answers, allowed actions) for me. */
export function useConversationView(conversation: Conversation): ConversationView {
  const user = useAuth().user;
  const id = user?.id ?? '';
  const role = user?.role ?? 'operator';
  return useMemo(() => conversationView(conversation, { id, role }), [conversation, id, role]);
}
