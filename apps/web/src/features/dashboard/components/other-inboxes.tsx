import type { Inbox } from '@atende/contracts';
import { formatPhone } from '@atende/contracts';
import { channelKindLabel } from '@/channels/registry';
import { InboxConnectionBadge } from '@/components/inbox-connection-badge';
import { summarizeConnection } from '@/lib/inbox-connection';

/**
 * The inboxes besides the primary one: a line each with its state (pairing is on /integrations).
 * Without a title they are the card's only content (the primary is not the user's to see).
 */
export function OtherInboxes({ inboxes, title }: { inboxes: readonly Inbox[]; title: string | null }) {
  return (
    <section
      aria-label={title ?? 'Caixas de entrada'}
      className={title ? 'border-slate-200 border-t pt-3 dark:border-slate-800' : undefined}
    >
      {title ? (
        <h3 className="font-medium text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">
          {title}
        </h3>
      ) : null}
      <ul
        className={
          title
            ? 'mt-2 divide-y divide-slate-100 dark:divide-slate-800'
            : 'divide-y divide-slate-100 dark:divide-slate-800'
        }
      >
        {inboxes.map((inbox) => {
          const reason = summarizeConnection(inbox.status).reason;
          return (
            <li
              key={inbox.id}
              data-testid="dashboard-inbox"
              data-inbox-id={inbox.id}
              className="flex items-start justify-between gap-3 py-2"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-800 text-sm dark:text-slate-200">
                  {inbox.name}
                </p>
                <p className="truncate text-slate-500 text-xs dark:text-slate-400">
                  {channelKindLabel(inbox.kind)}
                  {inbox.phone ? ` · ${formatPhone(inbox.phone)}` : ''}
                </p>
                {reason ? <p className="text-red-700 text-xs dark:text-red-300">{reason}</p> : null}
              </div>
              <InboxConnectionBadge status={inbox.status} className="shrink-0" />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
