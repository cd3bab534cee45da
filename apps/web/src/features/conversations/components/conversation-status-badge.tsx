import { ToneBadge } from '@/components/ui';
import { statusDisplay } from '../lib/conversation-status';

/** Conversation status; unknown statuses read 'Inativo'. */
export function ConversationStatusBadge({ status, className }: { status: string; className?: string }) {
  const { label, tone } = statusDisplay(status);
  return <ToneBadge tone={tone} label={label} dot className={className} />;
}
