import { LIMITS } from '@atende/contracts';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  action: () => void;
  style?: 'primary' | 'secondary';
}

export interface ToastOptions {
  /** Milliseconds before auto-dismiss; 0 keeps it until closed. */
  duration?: number;
  actions?: ToastAction[];
}

export interface Toast {
  type: ToastType;
  title: string;
  message?: string;
  duration: number;
  actions?: ToastAction[];
}

/** Medium (5000 ms) by default, long (7000 ms) for errors; at most 5 shown. */
export const TOAST_DURATIONS = { medium: LIMITS.toastMediumMs, long: LIMITS.toastLongMs } as const;
export const MAX_TOASTS = LIMITS.maxToasts;
