import type { CSSProperties } from 'react';
import { Toaster as Sonner, toast as sonner } from 'sonner';
import { useIsDarkMode } from '@/lib/use-is-dark-mode';
import { ToastCard } from './toast-card';
import { useToastClearanceTop } from './toast-clearance';
import { MAX_TOASTS, type Toast } from './toast-types';

/** Below the sticky top bar (5rem), and below any controls a screen asks to keep clear. */
const TOP_PX = 80;
const GAP_PX = 8;
const SIDE_PX = 16;

export function showToast(toast: Toast): void {
  sonner.custom((id) => <ToastCard toast={toast} onClose={() => sonner.dismiss(id)} />, {
    duration: toast.duration > 0 ? toast.duration : Number.POSITIVE_INFINITY,
  });
  // Newest on top; the oldest beyond the limit go (sonner would only hide them).
  for (const old of sonner.getToasts().slice(0, -MAX_TOASTS)) sonner.dismiss(old.id);
}

export function dismissToast(id?: string | number): void {
  sonner.dismiss(id);
}

/** Top-right stack of toasts, clear of the controls above it so they stay usable. Mounted once. */
export function Toaster() {
  const clearance = useToastClearanceTop();
  const isDark = useIsDarkMode();
  const top = Math.max(TOP_PX, clearance + GAP_PX);
  return (
    <Sonner
      position="top-right"
      expand
      visibleToasts={MAX_TOASTS}
      gap={GAP_PX}
      theme={isDark ? 'dark' : 'light'}
      offset={{ top, right: SIDE_PX }}
      mobileOffset={{ top, right: SIDE_PX, left: SIDE_PX }}
      customAriaLabel="Notificações"
      // The app's font and a 24rem column (sonner's own default is narrower and another font).
      style={{ fontFamily: 'inherit', '--width': '24rem' } as CSSProperties}
      toastOptions={{ unstyled: true, className: 'w-[var(--width)]' }}
    />
  );
}
