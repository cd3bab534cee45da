import { useQueryClient } from '@tanstack/react-query';
import {
  conversationSatisfactionQueryOptions,
  useConversationSatisfaction,
} from '@/lib/api/get-satisfaction';
import { useSocketEvent } from '@/lib/socket';
import { SatisfactionRating } from './satisfaction-rating';

/**
 * The customer's latest rating of this conversation (the satisfaction survey), beside its status in
 * the chat header; nothing until there is one. A new answer arrives as a transcript line and refreshes it.
 */
export function ConversationRating({ conversationId }: { conversationId: string }) {
  const client = useQueryClient();
  const surveys = useConversationSatisfaction(conversationId).data;
  useSocketEvent('conversation:timeline', (entry) => {
    if (entry.conversationId === conversationId && entry.event === 'survey_answered') {
      void client.invalidateQueries({
        queryKey: conversationSatisfactionQueryOptions(conversationId).queryKey,
      });
    }
  });
  const latest = surveys?.find((s) => s.rating !== null);
  if (!latest?.rating) return null;
  return (
    <span
      title={latest.comment ? `Avaliação do cliente: “${latest.comment}”` : 'Avaliação do cliente'}
      className="shrink-0"
    >
      <SatisfactionRating rating={latest.rating} />
    </span>
  );
}
