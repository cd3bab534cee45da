import { AVAILABILITY_LABELS, type Availability } from '@atende/contracts';
import { cn } from '@/lib/cn';
import { STATUS_TONES, TONE_CLASSES } from './status-badge';

/**
 * A person's availability as a dot in the spec's badge colours (online success, away warning, busy
 * error, offline gray), with its name for screen readers and on hover.
 */
export function AvailabilityDot({
  availability,
  className,
  ring = false,
}: {
  availability: Availability;
  className?: string;
  /** A ring in the surface colour, for a dot laid over an avatar. */
  ring?: boolean;
}) {
  const label = AVAILABILITY_LABELS[availability];
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-availability={availability}
      className={cn(
        'inline-block size-2.5 shrink-0 rounded-full',
        TONE_CLASSES[STATUS_TONES[availability]].dot,
        ring && 'ring-2 ring-white dark:ring-slate-900',
        className,
      )}
    />
  );
}
