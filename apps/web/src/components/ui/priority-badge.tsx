import { Badge, TONE_CLASSES, type Tone } from './status-badge';

/** Priority values and their colours: low gray, medium warning, high and critical error. */
export type Priority = 'low' | 'medium' | 'high' | 'critical';

export const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
  critical: 'Crítica',
};

export const PRIORITY_TONES: Record<Priority, Tone> = {
  low: 'gray',
  medium: 'warning',
  high: 'error',
  critical: 'error',
};

export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  const tone = TONE_CLASSES[PRIORITY_TONES[priority]];
  return (
    <Badge
      toneClass={priority === 'critical' ? `${tone.badge} font-semibold` : tone.badge}
      dotClass={tone.dot}
      label={PRIORITY_LABELS[priority]}
      className={className}
    />
  );
}
