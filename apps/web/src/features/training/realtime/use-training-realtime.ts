import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '@/lib/socket';
import { getKnowledgeBaseQueryOptions } from '../api/get-knowledge-base';
import { getKnowledgeGapsQueryOptions } from '../api/get-knowledge-gaps';

const gapsKey = getKnowledgeGapsQueryOptions().queryKey;
const knowledgeBaseKey = getKnowledgeBaseQueryOptions().queryKey;

/**
 * A handoff (`takeover` activity) may open or count a gap; an `ai_learning` activity means someone
 * resolved one and the base grew. Either way the affected queries are read again.
 */
export function useTrainingRealtime(): void {
  const queryClient = useQueryClient();
  useSocketEvent('analytics:update', (activity) => {
    if (activity.type === 'takeover' || activity.type === 'ai_learning') {
      void queryClient.invalidateQueries({ queryKey: gapsKey });
    }
    if (activity.type === 'ai_learning') {
      void queryClient.invalidateQueries({ queryKey: knowledgeBaseKey });
    }
  });
}
