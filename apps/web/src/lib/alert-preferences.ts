import { useSyncExternalStore } from 'react';

/**
 * Optional alerts when someone needs me (a conversation assigned or handed off to me, a mention) while
 * this tab is hidden: a sound and a browser notification, kept per browser. Both start off; `asked`
 * remembers that the browser-notification prompt was shown once.
 */
export interface AlertPreferences {
  sound: boolean;
  browser: boolean;
  asked: boolean;
}

const KEY = 'notification_alerts';
const listeners = new Set<() => void>();
let cached: AlertPreferences | null = null;

function read(): AlertPreferences {
  if (cached) return cached;
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<AlertPreferences>;
    cached = { sound: parsed.sound === true, browser: parsed.browser === true, asked: parsed.asked === true };
  } catch {
    cached = { sound: false, browser: false, asked: false };
  }
  return cached;
}

export function setAlertPreferences(patch: Partial<AlertPreferences>): void {
  cached = { ...read(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(cached));
  } catch (error) {
    console.warn('Não foi possível salvar a preferência de alertas', error);
  }
  for (const listener of listeners) listener();
}

export function getAlertPreferences(): AlertPreferences {
  return read();
}

/** Forgets the cached copy (tests clear localStorage between cases). */
export function reloadAlertPreferences(): void {
  cached = null;
}

export function useAlertPreferences(): AlertPreferences {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    read,
  );
}

export function canNotify(): boolean {
  return typeof Notification !== 'undefined';
}

/** Turns browser notifications on: asks the browser's permission the first time only. */
export async function enableBrowserAlerts(): Promise<boolean> {
  if (!canNotify()) return false;
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  setAlertPreferences({ browser: permission === 'granted', asked: true });
  return permission === 'granted';
}
