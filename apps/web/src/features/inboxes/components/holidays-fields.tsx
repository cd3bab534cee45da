import { type BusinessHours, brazilHolidays } from '@atende/contracts';
import { CalendarPlus, Plus, X } from 'lucide-react';
import { inputClass } from '@/components/form/fields';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { nationalHolidaysListed, withNationalHolidays } from '../lib/business-hours-form';

type Holidays = BusinessHours['holidays'];

/** The holidays (closed all day): a list, and Brazil's national ones of this year in one click. */
export function HolidaysFields({
  holidays,
  onChange,
  errorAt,
  year = new Date().getFullYear(),
}: {
  holidays: Holidays;
  onChange: (holidays: Holidays) => void;
  errorAt: (path: string) => string | undefined;
  year?: number;
}) {
  const isComplete = nationalHolidaysListed(holidays, year) === brazilHolidays(year).length;
  const set = (index: number, field: 'date' | 'name', value: string) =>
    onChange(holidays.map((h, i) => (i === index ? { ...h, [field]: value } : h)));
  const listError = errorAt('holidays');
  return (
    <fieldset data-testid="holidays" className="min-w-0">
      <legend className="font-medium text-slate-700 text-sm dark:text-slate-200">Feriados</legend>
      <p className="mt-0.5 text-slate-500 text-xs dark:text-slate-400">
        Num feriado a caixa fica fora do horário o dia todo.
      </p>
      {holidays.length === 0 ? (
        <p className="mt-2 rounded-lg border border-slate-300 border-dashed px-3 py-2.5 text-slate-500 text-sm dark:border-slate-700 dark:text-slate-400">
          Nenhum feriado. Adicione os nacionais de {year} com um clique e inclua os da sua cidade.
        </p>
      ) : (
        <ul aria-label="Feriados" className="mt-2 space-y-2">
          {holidays.map((holiday, i) => {
            const error = errorAt(`holidays.${i}.date`) ?? errorAt(`holidays.${i}.name`);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional while being typed
              <li key={i} data-testid="holiday-row">
                <div className="flex items-center gap-2">
                  <input
                    type="date"
                    aria-label={`Data do feriado ${i + 1}`}
                    aria-invalid={Boolean(errorAt(`holidays.${i}.date`))}
                    value={holiday.date}
                    onChange={(e) => set(i, 'date', e.target.value)}
                    className={cn(inputClass, 'w-40 shrink-0')}
                  />
                  <input
                    type="text"
                    aria-label={`Nome do feriado ${i + 1}`}
                    placeholder="Nome"
                    maxLength={80}
                    value={holiday.name}
                    onChange={(e) => set(i, 'name', e.target.value)}
                    className={cn(inputClass, 'min-w-0 flex-1')}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remover feriado ${holiday.name || i + 1}`}
                    title="Remover feriado"
                    onClick={() => onChange(holidays.filter((_, j) => j !== i))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                {error ? (
                  <p role="alert" className="mt-1 text-red-600 text-xs dark:text-red-400">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {listError ? (
        <p role="alert" className="mt-1 text-red-600 text-xs dark:text-red-400">
          {listError}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={isComplete}
          title={isComplete ? `Os feriados nacionais de ${year} já estão na lista` : undefined}
          onClick={() => onChange(withNationalHolidays(holidays, year))}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Adicionar feriados nacionais de {year}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChange([...holidays, { date: '', name: '' }])}>
          <Plus aria-hidden="true" className="size-4" />
          Adicionar feriado
        </Button>
      </div>
    </fieldset>
  );
}
