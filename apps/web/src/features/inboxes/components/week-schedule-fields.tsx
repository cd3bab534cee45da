import type { BusinessHours } from '@atende/contracts';
import { CopyCheck, Plus, X } from 'lucide-react';
import { inputClass } from '@/components/form/fields';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { copyMondayToWeekdays, nextInterval } from '../lib/business-hours-form';

const DAYS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

type Week = BusinessHours['week'];

/** The weekly schedule: each day's intervals (none = closed), several a day. */
export function WeekScheduleFields({
  week,
  onChange,
  errorAt,
}: {
  week: Week;
  onChange: (week: Week) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const setDay = (index: number, day: Week[number]) => onChange(week.map((d, i) => (i === index ? day : d)));
  return (
    <fieldset data-testid="week-schedule" className="min-w-0">
      <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">Horário da semana</legend>
      <p className="mt-0.5 text-slate-500 text-xs dark:text-slate-400">
        Um dia sem intervalos fica fechado. Use mais de um intervalo para a pausa do almoço.
      </p>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
        {week.map((intervals, dayIndex) => {
          const dayName = DAYS[dayIndex] ?? '';
          const dayError = errorAt(`week.${dayIndex}`);
          return (
            <li
              key={dayName}
              data-testid="schedule-day"
              className="grid gap-2 px-3 py-2.5 sm:grid-cols-[6.5rem_1fr] sm:items-start"
            >
              <span className="pt-1.5 font-medium text-slate-800 text-sm dark:text-slate-100">{dayName}</span>
              <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
                {intervals.length === 0 ? (
                  <p className="w-24 pt-1.5 text-slate-500 text-sm dark:text-slate-400">Fechado</p>
                ) : (
                  intervals.map((interval, i) => {
                    const fromError = errorAt(`week.${dayIndex}.${i}.from`);
                    const toError = errorAt(`week.${dayIndex}.${i}.to`);
                    const set = (field: 'from' | 'to', value: string) =>
                      setDay(
                        dayIndex,
                        intervals.map((it, j) => (j === i ? { ...it, [field]: value } : it)),
                      );
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: intervals are positional
                      <div key={i}>
                        <div className="flex items-center gap-2">
                          <input
                            type="time"
                            aria-label={`${dayName}: início do intervalo ${i + 1}`}
                            aria-invalid={Boolean(fromError)}
                            value={interval.from}
                            onChange={(e) => set('from', e.target.value)}
                            className={cn(inputClass, 'w-28')}
                          />
                          <span className="text-slate-500 text-sm dark:text-slate-400">às</span>
                          <input
                            type="time"
                            aria-label={`${dayName}: fim do intervalo ${i + 1}`}
                            aria-invalid={Boolean(toError)}
                            value={interval.to}
                            onChange={(e) => set('to', e.target.value)}
                            className={cn(inputClass, 'w-28')}
                          />
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Remover intervalo ${i + 1} de ${dayName.toLowerCase()}`}
                            title="Remover intervalo"
                            onClick={() =>
                              setDay(
                                dayIndex,
                                intervals.filter((_, j) => j !== i),
                              )
                            }
                          >
                            <X aria-hidden="true" className="size-4" />
                          </Button>
                        </div>
                        {fromError || toError ? (
                          <p role="alert" className="mt-1 text-red-600 text-xs dark:text-red-400">
                            {fromError ?? toError}
                          </p>
                        ) : null}
                      </div>
                    );
                  })
                )}
                {dayError ? (
                  <p role="alert" className="w-full text-red-600 text-xs dark:text-red-400">
                    {dayError}
                  </p>
                ) : null}
                {intervals.length < 6 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Adicionar intervalo a ${dayName.toLowerCase()}`}
                    onClick={() => setDay(dayIndex, [...intervals, nextInterval(intervals)])}
                    className="mt-0.5"
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    Intervalo
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <Button
        size="sm"
        variant="secondary"
        className="mt-2"
        onClick={() => onChange(copyMondayToWeekdays(week))}
      >
        <CopyCheck aria-hidden="true" className="size-4" />
        Copiar segunda para terça a sexta
      </Button>
    </fieldset>
  );
}
