import { DOMAIN_EVENT_TYPES, type DomainEventType } from '@atende/contracts';
import type { CheckboxOption } from '@/components/form/checkbox-group';

/** Every event an endpoint may subscribe to, in pt-BR, with the `type` its posts carry. */
export const EVENT_OPTIONS: ReadonlyArray<CheckboxOption<DomainEventType>> = (
  Object.entries(DOMAIN_EVENT_TYPES) as Array<[DomainEventType, string]>
).map(([value, label]) => ({ value, label, detail: value }));

/** "Todos os eventos" or "3 eventos: Mensagem recebida, …" for a row. */
export function describeEvents(events: readonly DomainEventType[]): string {
  if (events.length === EVENT_OPTIONS.length) return 'Todos os eventos';
  const labels = events.map((event) => DOMAIN_EVENT_TYPES[event]);
  return labels.length === 1 ? (labels[0] ?? '') : `${labels.length} eventos: ${labels.join(', ')}`;
}
