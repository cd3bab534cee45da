import type { DurationStats, ServiceFigures } from '@atende/contracts';
import { formatCount, formatDecimal, formatDuration, formatNumber, formatPercent } from '@/lib/format';

/** How each service figure reads (pure, so the cards and tables say the same thing). */

/** 4.35 → '4,4'; no answer → '—'. */
export function csatText(average: number | null): string {
  return average === null ? '—' : formatDecimal(average, 1);
}

/** 62.5 → '62,5%'; nothing to measure → '—'. */
export function rateText(rate: number | null): string {
  return rate === null ? '—' : formatPercent(rate, 1);
}

/** A duration's median, or '—' when nothing was measured. */
export function medianText(stats: DurationStats): string {
  return stats.medianMs === null ? '—' : formatDuration(stats.medianMs);
}

export function p90Text(stats: DurationStats): string {
  return stats.p90Ms === null ? '—' : formatDuration(stats.p90Ms);
}

export function averageText(value: { averageMs: number | null }): string {
  return value.averageMs === null ? '—' : formatDuration(value.averageMs);
}

/** '12 avaliações · 82,0% satisfeitos · 45,0% responderam'. */
export function csatCaption(csat: ServiceFigures['csat']): string {
  if (csat.sent === 0 && csat.responses === 0) return 'Nenhuma pesquisa enviada no período';
  return [
    formatCount(csat.responses, 'avaliação', 'avaliações'),
    `${rateText(csat.satisfiedRate)} satisfeitos`,
    `${rateText(csat.responseRate)} responderam`,
  ].join(' · ');
}

/** The surveys not sent: '3 fora da janela de 24 h · 1 não enviada por outro motivo', or null. */
export function skippedCaption(csat: ServiceFigures['csat']): string | null {
  const parts = [
    csat.skippedWindow > 0
      ? `${formatCount(csat.skippedWindow, 'pesquisa', 'pesquisas')} fora da janela de 24 h`
      : null,
    csat.skippedOther > 0
      ? `${formatCount(csat.skippedOther, 'não enviada', 'não enviadas')} por outro motivo`
      : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** '25 de 40 conversas resolvidas sem pessoa'. */
export function automationCaption(automation: ServiceFigures['automation']): string {
  if (automation.resolved === 0) return 'Nenhuma conversa resolvida no período';
  return `${formatNumber(automation.automated)} de ${formatCount(automation.resolved, 'conversa resolvida', 'conversas resolvidas')} sem pessoa`;
}
