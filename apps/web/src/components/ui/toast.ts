import { useSyncExternalStore } from 'react';
import { TOAST_DURATIONS, type ToastOptions, type ToastType } from './toast-types';

export type { Toast, ToastAction, ToastOptions, ToastType } from './toast-types';

// The toaster (and sonner under it) loads with the first toast, which keeps it out of /login's first load.
let isWanted = false;
const listeners = new Set<() => void>();
const loadToaster = () => {
  if (!isWanted) {
    isWanted = true;
    for (const listener of listeners) listener();
  }
  return import('./toaster');
};

function show(type: ToastType, title: string, message?: string, options: ToastOptions = {}): void {
  const duration = options.duration ?? (type === 'error' ? TOAST_DURATIONS.long : TOAST_DURATIONS.medium);
  void loadToaster().then(({ showToast }) =>
    showToast({ type, title, message, duration, actions: options.actions }),
  );
}

/** Imperative API usable anywhere (event handlers, mutations): `toast.error('Título', 'Detalhe')`. */
export const toast = {
  success: (title: string, message?: string, options?: ToastOptions) =>
    show('success', title, message, options),
  error: (title: string, message?: string, options?: ToastOptions) => show('error', title, message, options),
  warning: (title: string, message?: string, options?: ToastOptions) =>
    show('warning', title, message, options),
  info: (title: string, message?: string, options?: ToastOptions) => show('info', title, message, options),
  /** Closes one toast, or all of them. */
  dismiss: (id?: string | number) => void loadToaster().then(({ dismissToast }) => dismissToast(id)),
};

/** Whether a toast was asked for yet: the app mounts the toaster from then on. */
export function useIsToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isWanted,
    () => false,
  );
}
