import { useSyncExternalStore } from 'react';

/** Optional alerts when a conversation starts waiting for a person; kept per browser. */
export interface AlertPreferences {
  sound: boolean;
  browser: boolean;
}

const KEY = 'notification_alerts';
const listeners = new Set<() => void>();
let cached: AlertPreferences | null = null;

function read(): AlertPreferences {
  if (cached) return cached;
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<AlertPreferences>;
    cached = { sound: parsed.sound === true, browser: parsed.browser === true };
  } catch {
    cached = { sound: false, browser: false };
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

/** Turns browser notifications on: asks the browser's permission the first time only. */
export async function enableBrowserAlerts(): Promise<boolean> {
  if (!('Notification' in window)) return false;
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  setAlertPreferences({ browser: permission === 'granted' });
  return permission === 'granted';
}
