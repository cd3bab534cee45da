import { cn } from '@/lib/cn';

/** Status badge values and their colours. */
export type BadgeStatus =
  | 'online'
  | 'active'
  | 'offline'
  | 'inactive'
  | 'away'
  | 'pending'
  | 'busy'
  | 'error';
export type Tone = 'success' | 'gray' | 'warning' | 'error' | 'info';

export const STATUS_LABELS: Record<BadgeStatus, string> = {
  online: 'Online',
  active: 'Ativo',
  offline: 'Offline',
  inactive: 'Inativo',
  away: 'Ausente',
  pending: 'Pendente',
  busy: 'Ocupado',
  error: 'Erro',
};

export const STATUS_TONES: Record<BadgeStatus, Tone> = {
  online: 'success',
  active: 'success',
  offline: 'gray',
  inactive: 'gray',
  away: 'warning',
  pending: 'warning',
  busy: 'error',
  error: 'error',
};

export const TONE_CLASSES: Record<Tone, { badge: string; dot: string }> = {
  success: {
    badge:
      'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25',
    dot: 'bg-emerald-500',
  },
  gray: {
    badge:
      'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-500/15 dark:text-slate-300 dark:ring-slate-400/25',
    dot: 'bg-slate-400',
  },
  warning: {
    badge:
      'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25',
    dot: 'bg-amber-500',
  },
  error: {
    badge: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25',
    dot: 'bg-red-500',
  },
  info: {
    badge:
      'bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/25',
    dot: 'bg-indigo-500',
  },
};

export function isBadgeStatus(value: string): value is BadgeStatus {
  return value in STATUS_LABELS;
}

export interface StatusBadgeProps {
  status: BadgeStatus;
  /** Overrides the default pt-BR label. */
  label?: string;
  /** Shows a coloured dot before the label (default true). */
  dot?: boolean;
  className?: string;
}

export function StatusBadge({ status, label, dot = true, className }: StatusBadgeProps) {
  const tone = TONE_CLASSES[STATUS_TONES[status]];
  return (
    <Badge
      toneClass={tone.badge}
      dotClass={dot ? tone.dot : undefined}
      label={label ?? STATUS_LABELS[status]}
      className={className}
    />
  );
}

/** The shared pill shape; used by status, priority and any feature-specific badge. */
export function Badge({
  toneClass,
  dotClass,
  label,
  className,
}: {
  toneClass: string;
  dotClass?: string;
  label: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset',
        toneClass,
        className,
      )}
    >
      {dotClass && <span aria-hidden="true" className={cn('size-1.5 rounded-full', dotClass)} />}
      {label}
    </span>
  );
}

/** A badge of any tone, for features with their own vocabularies. */
export function ToneBadge({
  tone,
  label,
  dot = false,
  className,
}: {
  tone: Tone;
  label: string;
  dot?: boolean;
  className?: string;
}) {
  const classes = TONE_CLASSES[tone];
  return (
    <Badge
      toneClass={classes.badge}
      dotClass={dot ? classes.dot : undefined}
      label={label}
      className={className}
    />
  );
}
