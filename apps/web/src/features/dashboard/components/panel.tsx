import type { ReactNode } from 'react';
import { Card, CardHeader } from '@/components/ui';
import { cn } from '@/lib/cn';

interface PanelProps {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
  /** Id of the title, which labels the region for assistive technology. */
  id: string;
}

/** A titled dashboard region: the shared Card with a header and a flexible body. */
export function Panel({ title, subtitle, action, className, children, id }: PanelProps) {
  return (
    <Card role="region" aria-labelledby={id} className={cn('flex flex-col', className)}>
      <CardHeader title={<span id={id}>{title}</span>} description={subtitle} actions={action} />
      <div className="flex flex-1 flex-col p-5 pt-4">{children}</div>
    </Card>
  );
}
