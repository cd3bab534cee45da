import type { ConversationView, HandlerMode } from '@atende/contracts';
import { ToneBadge } from '@/components/ui';
import { badgeTone } from '../lib/conversation-status';
import { HandlerChip } from './handler-chip';

/**
 * The status line and, while the conversation is open, who answers it: both from `conversationView`,
 * so the chat header and the list row can never contradict each other.
 */
export function ConversationStatusBadge({ view, className }: { view: ConversationView; className?: string }) {
  return (
    <span data-testid="status-badge" className={className}>
      <ToneBadge tone={badgeTone(view.status.tone)} label={view.status.label} dot />
    </span>
  );
}

export function ConversationHandler({
  view,
  mode,
  className,
}: {
  view: ConversationView;
  mode: HandlerMode;
  className?: string;
}) {
  return view.handler ? <HandlerChip mode={mode} label={view.handler.label} className={className} /> : null;
}
