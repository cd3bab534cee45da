const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A ratio (0.25) as pt-BR text shown to people: "25%". */
export function formatPercent(ratio: number): string {
  return percent.format(ratio);
}

/** A number as pt-BR text shown to people: "1.234,5". */
export function formatNumber(value: number): string {
  return decimal.format(value);
}
