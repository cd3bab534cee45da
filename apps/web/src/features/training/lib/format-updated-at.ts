const formatter = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 'Última atualização: 21/11 14:05'; 'Nunca atualizada' when the base was never saved. */
export function lastUpdateLabel(updatedAt: string | null): string {
  if (!updatedAt) return 'Nunca atualizada';
  const date = new Date(updatedAt);
  if (Number.isNaN(date.getTime())) return 'Nunca atualizada';
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `Última atualização: ${parts.day}/${parts.month} ${parts.hour}:${parts.minute}`;
}
