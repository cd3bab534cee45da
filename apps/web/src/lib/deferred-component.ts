import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface DeferredComponent<P extends object> {
  /** Render inside <Suspense>; the module loads on first render (or earlier, through preload). */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts the download now (hover, focus): the first open then shows no delay. Safe to call often. */
  preload: () => void;
}

/**
 * A component whose code is fetched only when it is about to be used: keeps libraries needed only after a
 * click (Radix menus and dialogs) out of every route's first load.
 */
export function deferredComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): DeferredComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null; // a failed download (offline) is retried on the next attempt
      throw error;
    });
    return pending;
  };
  return {
    Component: lazy(get),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
