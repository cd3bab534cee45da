import type { Backlog, ServiceFigures } from '@atende/contracts';
import { Bot, Clock, Hourglass, Inbox, Smile, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui';
import { formatCount, formatDuration, formatNumber } from '@/lib/format';
import {
  automationCaption,
  csatCaption,
  csatText,
  medianText,
  p90Text,
  rateText,
  skippedCaption,
} from './service-format';

function FigureCard({
  id,
  title,
  icon,
  value,
  suffix,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  value: ReactNode;
  suffix?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid={`figure-${id}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium text-slate-600 text-sm dark:text-slate-300">{title}</h3>
        <span aria-hidden="true" className="text-slate-400 dark:text-slate-500">
          {icon}
        </span>
      </div>
      <p className="font-semibold text-2xl text-slate-900 tabular-nums dark:text-white">
        {typeof value === 'string' ? <span data-testid="figure-value">{value}</span> : value}
        {suffix && (
          <span className="ml-1 font-normal text-base text-slate-500 dark:text-slate-400">{suffix}</span>
        )}
      </p>
      <div className="space-y-0.5 text-slate-500 text-xs dark:text-slate-400">{children}</div>
    </Card>
  );
}

/** The two medians as the card's figure: 'IA 8 s · Pessoas 4 min'. */
function Medians({ ai, human }: { ai: string; human: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 text-xl">
      <span className="font-normal text-slate-500 text-sm dark:text-slate-400">IA</span>
      <span data-testid="figure-ai">{ai}</span>
      <span className="font-normal text-slate-500 text-sm dark:text-slate-400">Pessoas</span>
      <span data-testid="figure-human">{human}</span>
    </span>
  );
}

/** AI and people side by side: 'P90 IA 20 s · Pessoas 15 min'. */
function Split({ label, ai, human }: { label: string; ai: string; human: string }) {
  return (
    <p>
      <span className="text-slate-400 dark:text-slate-500">{label} </span>
      IA <span className="font-medium text-slate-700 tabular-nums dark:text-slate-200">{ai}</span> · Pessoas{' '}
      <span className="font-medium text-slate-700 tabular-nums dark:text-slate-200">{human}</span>
    </p>
  );
}

/**
 * The figures a manager asks for, one card each: CSAT, automation rate, first response and resolution
 * times (AI and people, medians and p90), hand-offs, and the queue now.
 */
export function ServiceCards({ figures, backlog }: { figures: ServiceFigures; backlog: Backlog }) {
  const { csat, automation, firstResponse, resolutionTime, handoffs } = figures;
  const skipped = skippedCaption(csat);
  const oldest = backlog.oldestWaitingSince ? Date.now() - Date.parse(backlog.oldestWaitingSince) : null;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard
        id="csat"
        title="Satisfação (CSAT)"
        icon={<Smile className="size-5" />}
        value={csatText(csat.average)}
        suffix={csat.average === null ? undefined : 'de 5'}
      >
        <p>{csatCaption(csat)}</p>
        {skipped && <p>{skipped}</p>}
      </FigureCard>
      <FigureCard
        id="automation"
        title="Taxa de automação"
        icon={<Bot className="size-5" />}
        value={rateText(automation.rate)}
      >
        <p>{automationCaption(automation)}</p>
      </FigureCard>
      <FigureCard
        id="first-response"
        title="Primeira resposta (mediana)"
        icon={<Clock className="size-5" />}
        value={<Medians ai={medianText(firstResponse.ai)} human={medianText(firstResponse.human)} />}
      >
        <Split label="P90" ai={p90Text(firstResponse.ai)} human={p90Text(firstResponse.human)} />
        <p>
          {formatCount(
            firstResponse.ai.count + firstResponse.human.count,
            'conversa iniciada',
            'conversas iniciadas',
          )}
        </p>
      </FigureCard>
      <FigureCard
        id="resolution-time"
        title="Tempo de resolução (mediana)"
        icon={<Hourglass className="size-5" />}
        value={<Medians ai={medianText(resolutionTime.ai)} human={medianText(resolutionTime.human)} />}
      >
        <Split label="P90" ai={p90Text(resolutionTime.ai)} human={p90Text(resolutionTime.human)} />
        <p>{formatCount(resolutionTime.ai.count + resolutionTime.human.count, 'resolução', 'resoluções')}</p>
      </FigureCard>
      <FigureCard
        id="handoffs"
        title="Transferências para pessoas"
        icon={<Users className="size-5" />}
        value={rateText(figures.conversations === 0 ? null : handoffs.rate)}
      >
        <p>
          {formatCount(handoffs.count, 'transferência', 'transferências')} em{' '}
          {formatCount(figures.conversations, 'conversa', 'conversas')}
        </p>
        {handoffs.reasons.slice(0, 2).map((reason) => (
          <p key={reason.cause}>
            {reason.label}: {formatNumber(reason.count)}
          </p>
        ))}
      </FigureCard>
      <FigureCard
        id="backlog"
        title="Fila agora"
        icon={<Inbox className="size-5" />}
        value={formatNumber(backlog.open)}
        suffix={backlog.open === 1 ? 'aberta' : 'abertas'}
      >
        <p>{formatCount(backlog.unassigned, 'aguardando atendente', 'aguardando atendente')}</p>
        <p>
          {backlog.waiting === 0
            ? 'Nenhum cliente esperando resposta'
            : `${formatCount(backlog.waiting, 'cliente esperando', 'clientes esperando')} · há mais tempo: ${formatDuration(oldest ?? 0)}`}
        </p>
      </FigureCard>
    </div>
  );
}
