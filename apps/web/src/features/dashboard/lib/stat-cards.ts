import type { DashboardStats } from '@atende/contracts';
import { formatChange, formatDuration, formatNumber, formatPercent } from '@/lib/format';

export type ChangeType = 'increase' | 'decrease' | 'neutral';
/** How a change reads to an operator: good news, bad news, or nothing to see. */
export type ChangeTone = 'positive' | 'negative' | 'neutral';
export type StatCardId = 'conversations' | 'conversion' | 'responseTime' | 'activeClients';
export type StatColor = 'blue' | 'green' | 'amber' | 'purple';

/** A stat card: title, value, change {type, value, period}, icon (by id), colour. */
export interface StatCardModel {
  id: StatCardId;
  title: string;
  value: string;
  change: { type: ChangeType; value: string; period: string; tone: ChangeTone; label: string };
  color: StatColor;
}

export function changeType(value: number): ChangeType {
  if (!Number.isFinite(value) || value === 0) return 'neutral';
  return value > 0 ? 'increase' : 'decrease';
}

/** A decrease is an improvement when lower is better (response time). */
export function changeTone(type: ChangeType, lowerIsBetter = false): ChangeTone {
  if (type === 'neutral') return 'neutral';
  const good = lowerIsBetter ? type === 'decrease' : type === 'increase';
  return good ? 'positive' : 'negative';
}

const TYPE_WORDS: Record<ChangeType, string> = {
  increase: 'Aumento de',
  decrease: 'Redução de',
  neutral: 'Sem variação',
};

function buildChange(raw: number, period: string, lowerIsBetter = false, unit: '%' | 'p.p.' = '%') {
  const type = changeType(raw);
  const tone = changeTone(type, lowerIsBetter);
  const value = unit === '%' ? formatChange(raw) : formatPointsChange(raw);
  const magnitude = value.replace(/^[+-]/, '');
  const label =
    type === 'neutral' ? `${TYPE_WORDS.neutral} ${period}` : `${TYPE_WORDS[type]} ${magnitude} ${period}`;
  return { type, value, period, tone, label };
}

/** A change in percentage points: -2.5 → '-2,5 p.p.'. */
export function formatPointsChange(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return `${formatChange(value).slice(0, -1)} p.p.`;
}

export interface StatCardFrame {
  id: StatCardId;
  title: string;
  color: StatColor;
}

/** What a card shows before its data arrives (title, icon, colour), in order. */
export const STAT_CARD_FRAMES: readonly StatCardFrame[] = [
  { id: 'conversations', title: 'Conversas Hoje', color: 'blue' },
  { id: 'conversion', title: 'Taxa de Conversão', color: 'green' },
  { id: 'responseTime', title: 'Tempo Médio de Resposta', color: 'amber' },
  { id: 'activeClients', title: 'Clientes Ativos', color: 'purple' },
];

/** The four metric cards, in order. */
export function buildStatCards(stats: DashboardStats): StatCardModel[] {
  return [
    {
      id: 'conversations',
      title: 'Conversas Hoje',
      value: formatNumber(stats.conversationsToday),
      change: buildChange(stats.conversationsTodayChange, 'vs. ontem'),
      color: 'blue',
    },
    {
      id: 'conversion',
      title: 'Taxa de Conversão',
      value: formatPercent(stats.conversionRate, 1),
      // conversionRateChange is in percentage points (docs/metrics.md).
      change: buildChange(stats.conversionRateChange, 'vs. semana passada', false, 'p.p.'),
      color: 'green',
    },
    {
      id: 'responseTime',
      title: 'Tempo Médio de Resposta',
      value: formatDuration(stats.avgResponseTime * 1000),
      change: buildChange(stats.avgResponseTimeChange, 'vs. ontem', true),
      color: 'amber',
    },
    {
      id: 'activeClients',
      title: 'Clientes Ativos',
      value: formatNumber(stats.activeClients),
      change: buildChange(stats.activeClientsChange, 'vs. ontem'),
      color: 'purple',
    },
  ];
}
