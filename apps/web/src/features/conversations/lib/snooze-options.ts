/** The "Adiar" menu's choices and the instant each one means, in the browser's time. */
export type SnoozePreset = 'one-hour' | 'three-hours' | 'tomorrow' | 'next-monday';

export const SNOOZE_PRESETS: ReadonlyArray<{ id: SnoozePreset; label: string }> = [
  { id: 'one-hour', label: '1 hora' },
  { id: 'three-hours', label: '3 horas' },
  { id: 'tomorrow', label: 'Amanhã 9h' },
  { id: 'next-monday', label: 'Próxima segunda 9h' },
];

const HOUR = 60 * 60 * 1000;

function atNine(day: Date): Date {
  const at = new Date(day);
  at.setHours(9, 0, 0, 0);
  return at;
}

export function snoozeUntil(preset: SnoozePreset, now: Date = new Date()): Date {
  switch (preset) {
    case 'one-hour':
      return new Date(now.getTime() + HOUR);
    case 'three-hours':
      return new Date(now.getTime() + 3 * HOUR);
    case 'tomorrow': {
      const day = new Date(now);
      day.setDate(day.getDate() + 1);
      return atNine(day);
    }
    case 'next-monday': {
      const day = new Date(now);
      // Monday is 1; on a Monday "próxima segunda" is a week ahead.
      day.setDate(day.getDate() + ((8 - day.getDay()) % 7 || 7));
      return atNine(day);
    }
  }
}

/**
 * The choices the menu lists now, each with its instant. A choice landing on the same instant as an
 * earlier one is left out: on a Sunday "próxima segunda 9h" is "amanhã 9h".
 */
export function snoozeChoices(now: Date = new Date()): { id: SnoozePreset; label: string; until: Date }[] {
  const taken = new Set<number>();
  return SNOOZE_PRESETS.flatMap((preset) => {
    const until = snoozeUntil(preset.id, now);
    if (taken.has(until.getTime())) return [];
    taken.add(until.getTime());
    return [{ ...preset, until }];
  });
}

const WEEKDAY = new Intl.DateTimeFormat('pt-BR', { weekday: 'short' });
const TIME = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hour12: false });

/** The hint beside a choice: "15:40" today, "ter., 09:00" on another day. */
export function snoozeHint(until: Date, now: Date = new Date()): string {
  const time = TIME.format(until);
  return until.toDateString() === now.toDateString() ? time : `${WEEKDAY.format(until)}, ${time}`;
}

/** The value of a `datetime-local` input for an instant (local time, minutes). */
export function toDateTimeLocal(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
