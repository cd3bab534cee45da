import type { KnowledgeGap } from '@atende/contracts';
import type { Tone } from '@/components/ui';
import { formatNumber } from '@/lib/format';

export const REASON_LABELS: Record<KnowledgeGap['reason'], { label: string; tone: Tone }> = {
  handoff: { label: 'Transferido para humano', tone: 'warning' },
  low_confidence: { label: 'Baixa confiança', tone: 'info' },
};

/** 'Perguntado 1 vez' / 'Perguntado 12 vezes'. */
export function askedTimes(count: number): string {
  return count === 1 ? 'Perguntado 1 vez' : `Perguntado ${formatNumber(count)} vezes`;
}
