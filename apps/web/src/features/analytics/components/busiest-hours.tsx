import { formatCount } from '@/lib/format';

const WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAY_NAMES = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

/**
 * Client messages by weekday × hour: darker is busier. A table underneath for screen readers. The
 * scroll box is positioned so the cells' visually hidden labels (absolute) stay inside it: otherwise
 * they escaped its clipping and widened the whole page on a phone.
 */
export function BusiestHours({ heatmap }: { heatmap: number[][] }) {
  const max = Math.max(1, ...heatmap.flat());
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[640px] table-fixed border-separate border-spacing-0.5 text-[11px]">
        <caption className="sr-only">Mensagens de clientes por dia da semana e hora</caption>
        <thead>
          <tr>
            <th scope="col" className="w-10" />
            {HOURS.map((hour) => (
              <th key={hour} scope="col" className="font-normal text-slate-500 dark:text-slate-400">
                {hour % 3 === 0 ? `${hour}h` : <span className="sr-only">{hour}h</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heatmap.map((hours, day) => (
            <tr key={WEEKDAYS[day]}>
              <th scope="row" className="pr-1 text-left font-medium text-slate-600 dark:text-slate-300">
                {WEEKDAYS[day]}
              </th>
              {HOURS.map((hour) => {
                const count = hours[hour] ?? 0;
                const share = count / max;
                const label = `${WEEKDAY_NAMES[day]}, ${hour}h: ${formatCount(count, 'mensagem', 'mensagens')}`;
                return (
                  <td
                    key={hour}
                    title={label}
                    className="h-6 rounded-sm bg-indigo-600 dark:bg-indigo-400"
                    style={{ opacity: count === 0 ? 0.06 : 0.15 + 0.85 * share }}
                  >
                    <span className="sr-only">{label}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
