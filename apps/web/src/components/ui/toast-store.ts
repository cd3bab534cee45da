import { LIMITS } from '@atende/contracts';
import { useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  action: () => void;
  style?: 'primary' | 'secondary';
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before auto-dismiss; 0 keeps it until closed. */
  duration: number;
  actions?: ToastAction[];
}

export interface ToastOptions {
  duration?: number;
  actions?: ToastAction[];
}

/** Medium (5000 ms) by default, long (7000 ms) for errors; at most 5 shown. */
export const TOAST_DURATIONS = { medium: LIMITS.toastMediumMs, long: LIMITS.toastLongMs } as const;
export const MAX_TOASTS = LIMITS.maxToasts;

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function show(type: ToastType, title: string, message?: string, options: ToastOptions = {}): string {
  counter += 1;
  const id = `toast-${counter}`;
  const duration = options.duration ?? (type === 'error' ? TOAST_DURATIONS.long : TOAST_DURATIONS.medium);
  const next: Toast = { id, type, title, message, duration, actions: options.actions };
  // Newest on top; the oldest beyond the limit are dropped.
  toasts = [next, ...toasts].slice(0, MAX_TOASTS);
  emit();
  return id;
}

function dismiss(id?: string): void {
  toasts = id ? toasts.filter((t) => t.id !== id) : [];
  emit();
}

/** Imperative API usable anywhere (event handlers, mutations): `toast.error('Título', 'Detalhe')`. */
export const toast = {
  success: (title: string, message?: string, options?: ToastOptions) =>
    show('success', title, message, options),
  error: (title: string, message?: string, options?: ToastOptions) => show('error', title, message, options),
  warning: (title: string, message?: string, options?: ToastOptions) =>
    show('warning', title, message, options),
  info: (title: string, message?: string, options?: ToastOptions) => show('info', title, message, options),
  show,
  dismiss,
};

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}

/** Same object as `toast`, for components that prefer a hook. */
export function useToast() {
  return toast;
}
