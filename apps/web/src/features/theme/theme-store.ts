import { STORAGE_KEYS } from '@atende/contracts';
import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';

/** Light, dark or system (default), saved under `theme`, system follows the OS live. */
export type ThemePreference = 'light' | 'dark' | 'system';
export type EffectiveTheme = 'light' | 'dark';

export interface ThemeState {
  preference: ThemePreference;
  effective: EffectiveTheme;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  const saved = storage.get(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' || saved === 'system' ? saved : 'system';
}

function systemTheme(): EffectiveTheme {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function resolve(preference: ThemePreference): EffectiveTheme {
  return preference === 'system' ? systemTheme() : preference;
}

let state: ThemeState = { preference: 'system', effective: 'light' };

function apply(next: ThemeState) {
  state = next;
  const root = document.documentElement;
  root.classList.toggle('dark', next.effective === 'dark');
  root.style.colorScheme = next.effective;
  for (const listener of listeners) listener();
}

let stopWatching: (() => void) | null = null;

/** Reads the saved preference, applies it and follows OS changes while on `system`. Idempotent. */
export function initTheme(): () => void {
  const preference = readPreference();
  apply({ preference, effective: resolve(preference) });
  if (!stopWatching && typeof matchMedia === 'function') {
    const media = matchMedia(DARK_QUERY);
    const onChange = () => {
      if (state.preference === 'system') apply({ preference: 'system', effective: systemTheme() });
    };
    media.addEventListener('change', onChange);
    stopWatching = () => {
      media.removeEventListener('change', onChange);
      stopWatching = null;
    };
  }
  return () => stopWatching?.();
}

export function setThemePreference(preference: ThemePreference): void {
  storage.set(STORAGE_KEYS.theme, preference);
  apply({ preference, effective: resolve(preference) });
}

/** Light ↔ dark; from system it starts from the effective theme. */
export function toggleTheme(): void {
  setThemePreference(state.effective === 'dark' ? 'light' : 'dark');
}

export function getThemeState(): ThemeState {
  return state;
}

export function useTheme(): ThemeState & {
  setPreference: typeof setThemePreference;
  toggle: typeof toggleTheme;
} {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getThemeState,
    getThemeState,
  );
  return { ...current, setPreference: setThemePreference, toggle: toggleTheme };
}
