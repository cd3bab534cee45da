import { type ReactNode, Suspense, useState } from 'react';
import type { DeferredComponent } from '@/lib/deferred-component';

export interface DeferredMenuProps {
  /** Opens the menu on mount (the click that loaded it). */
  defaultOpen?: boolean;
  /** The trigger's content, identical to the stand-in's. */
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName: string;
}

/**
 * A top-bar dropdown whose Radix code loads on first intent (hover, focus) and opens on first click.
 * Until then a plain button with the same look, name and content stands in for the Radix trigger.
 */
export function DeferredMenu<P extends DeferredMenuProps>({
  menu,
  props,
  label,
  className,
  children,
}: {
  menu: DeferredComponent<P>;
  props: Omit<P, keyof DeferredMenuProps>;
  label: string;
  className: string;
  children: ReactNode;
}) {
  const [active, setActive] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={className}
      onPointerEnter={menu.preload}
      onFocus={menu.preload}
      onClick={() => setActive(true)}
    >
      {children}
    </button>
  );
  if (!active) return placeholder;
  const { Component } = menu;
  return (
    <Suspense fallback={placeholder}>
      <Component
        {...(props as P)}
        trigger={children}
        triggerLabel={label}
        triggerClassName={className}
        defaultOpen
      />
    </Suspense>
  );
}
