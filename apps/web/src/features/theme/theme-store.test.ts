import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getThemeState, initTheme, setThemePreference, toggleTheme } from './theme-store';

let osDark = false;
let changeListeners: Array<() => void> = [];

beforeEach(() => {
  osDark = false;
  changeListeners = [];
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && osDark;
    },
    addEventListener: (_: string, listener: () => void) => changeListeners.push(listener),
    removeEventListener: (_: string, listener: () => void) => {
      changeListeners = changeListeners.filter((l) => l !== listener);
    },
  }));
});

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme', () => {
  it('defaults to system and follows the OS live', () => {
    stop = initTheme();
    expect(getThemeState()).toEqual({ preference: 'system', effective: 'light' });
    expect(isDark()).toBe(false);
    osDark = true;
    for (const l of changeListeners) l();
    expect(getThemeState().effective).toBe('dark');
    expect(isDark()).toBe(true);
  });

  it('saves the choice under the theme key and stops following the OS', () => {
    stop = initTheme();
    setThemePreference('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(isDark()).toBe(true);
    osDark = false;
    for (const l of changeListeners) l();
    expect(isDark()).toBe(true);
  });

  it('toggles from system starting at the effective theme', () => {
    osDark = true;
    stop = initTheme();
    expect(getThemeState()).toEqual({ preference: 'system', effective: 'dark' });
    toggleTheme();
    expect(getThemeState()).toEqual({ preference: 'light', effective: 'light' });
    toggleTheme();
    expect(getThemeState()).toEqual({ preference: 'dark', effective: 'dark' });
  });

  it('reads a saved preference and ignores garbage', () => {
    localStorage.setItem('theme', 'dark');
    stop = initTheme();
    expect(getThemeState().preference).toBe('dark');
    stop();
    localStorage.setItem('theme', 'purple');
    stop = initTheme();
    expect(getThemeState().preference).toBe('system');
  });
});
