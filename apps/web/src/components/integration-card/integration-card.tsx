import type { ReactNode } from 'react';
import { Card } from '@/components/ui';

interface Props {
  /** The heading's id (the card is a region named by it) and the card's test id stem. */
  id: string;
  title: string;
  /** Beside the title (a state badge). */
  badge?: ReactNode;
  description: ReactNode;
  /** Under the description (a link to the docs). */
  more?: ReactNode;
  /** Top right (the card's main button, a switch). */
  action?: ReactNode;
  /** A line between the header and the body (who may change what). */
  notice?: ReactNode;
  testId: string;
  children: ReactNode;
}

/** One integration on /integrations: a named region, its header and action, and its body under a rule. */
export function IntegrationCard({
  id,
  title,
  badge,
  description,
  more,
  action,
  notice,
  testId,
  children,
}: Props) {
  const titleId = `${id}-title`;
  return (
    <Card role="region" aria-labelledby={titleId} data-testid={testId}>
      <div className="flex flex-col gap-3 px-5 pt-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="font-semibold text-base text-slate-900 dark:text-slate-100">
              {title}
            </h2>
            {badge}
          </div>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">{description}</p>
          {more}
        </div>
        {action}
      </div>
      {notice ? (
        <p className="mx-5 mt-3 rounded-lg bg-slate-50 px-3 py-2 text-slate-600 text-xs dark:bg-slate-800/60 dark:text-slate-300">
          {notice}
        </p>
      ) : null}
      <div className="mt-4 border-slate-200 border-t dark:border-slate-800">{children}</div>
    </Card>
  );
}
