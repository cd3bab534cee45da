import type { AnalyticsReport } from '@atende/contracts';
import { Bot, MessagesSquare, ShoppingBag, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui';
import { formatCount, formatDecimal, formatNumber } from '@/lib/format';

function Figure({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center gap-2 text-slate-500 text-sm dark:text-slate-400">
        {icon}
        {label}
      </div>
      <p className="mt-2 font-semibold text-xl sm:text-2xl text-slate-900 tabular-nums dark:text-white">
        {value}
      </p>
      <p className="mt-1 text-slate-500 text-xs dark:text-slate-400">{hint}</p>
    </Card>
  );
}

/** The range's headline figures (docs/metrics.md §Analytics report). */
export function SummaryCards({ report }: { report: AnalyticsReport }) {
  const { conversations, handoffs, ai } = report;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Figure
        icon={<MessagesSquare className="size-4" aria-hidden />}
        label="Conversas"
        value={formatNumber(conversations.active)}
        hint={`${formatCount(conversations.started, 'nova', 'novas')} no período`}
      />
      <Figure
        icon={<ShoppingBag className="size-4" aria-hidden />}
        label="Taxa de conversão"
        value={`${formatDecimal(conversations.conversionRate)}%`}
        hint={formatCount(conversations.converted, 'conversão', 'conversões')}
      />
      <Figure
        icon={<Bot className="size-4" aria-hidden />}
        label="Respostas da IA"
        value={`${formatDecimal(ai.answerRate)}%`}
        hint={
          ai.meanConfidence === null
            ? 'Sem respostas da IA no período'
            : `Confiança média de ${formatNumber(ai.meanConfidence * 100)}%`
        }
      />
      <Figure
        icon={<UserRound className="size-4" aria-hidden />}
        label="Transferências para humano"
        value={`${formatDecimal(handoffs.rate)}%`}
        hint={`${formatCount(handoffs.count, 'transferência', 'transferências')} · ${formatCount(handoffs.takeovers, 'assumida', 'assumidas')}`}
      />
    </div>
  );
}
