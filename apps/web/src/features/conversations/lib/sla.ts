import type { Conversation } from '@atende/contracts';

const MINUTE = 60_000;

function span(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/**
 * The response-time target a person should see, only when it matters: in its last fifth ("1ª
 * resposta em 4 min") or missed ("meta de resolução estourada há 1 h"). Null while comfortably on time.
 */
export function slaChip(
  sla: Conversation['sla'],
  now: number,
): { label: string; tone: 'warning' | 'error'; title: string } | null {
  if (!sla || sla.state === 'ok') return null;
  const due = Date.parse(sla.dueAt);
  if (Number.isNaN(due)) return null;
  const what = sla.kind === 'first_response' ? '1ª resposta' : 'resolução';
  const title = `Meta de ${what} até ${new Date(due).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}`;
  if (sla.state === 'breached' || now >= due)
    return { label: `${what}: meta estourada há ${span(now - due)}`, tone: 'error', title };
  return { label: `${what} em ${span(due - now)}`, tone: 'warning', title };
}
