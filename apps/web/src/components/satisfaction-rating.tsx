import {
  CSAT_SATISFIED_FROM,
  csatRatingLabel,
  type SatisfactionSurvey,
  SURVEY_STATUS_LABELS,
} from '@atende/contracts';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A 1–5 rating as stars and its word ("4 - Bom"), green when satisfied, red when not. */
export function SatisfactionRating({ rating, className }: { rating: number; className?: string }) {
  const good = rating >= CSAT_SATISFIED_FROM;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
        good
          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200'
          : rating <= 2
            ? 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-200'
            : 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-200',
        className,
      )}
      data-testid="satisfaction-rating"
    >
      <Star aria-hidden="true" className="size-3.5 fill-current" />
      {csatRatingLabel(rating)}
    </span>
  );
}

/** What became of a survey, in words: its rating, or why there is none. */
export function surveyOutcome(survey: SatisfactionSurvey): string {
  return survey.rating === null ? SURVEY_STATUS_LABELS[survey.status] : csatRatingLabel(survey.rating);
}
