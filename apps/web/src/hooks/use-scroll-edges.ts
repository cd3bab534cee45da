import { type RefObject, useEffect, useState } from 'react';

export interface ScrollEdges {
  /** More content hides before the visible part (scrolled away from the start). */
  before: boolean;
  /** More content hides after the visible part. */
  after: boolean;
}

/**
 * Whether a horizontally scrolling element has content hidden on either side, kept current as it
 * scrolls or resizes: what a strip needs to show that it scrolls.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const { scrollLeft, scrollWidth, clientWidth } = element;
      // One pixel of slack: zoomed layouts leave fractions at the end of the scroll.
      const next = { before: scrollLeft > 1, after: scrollLeft + clientWidth < scrollWidth - 1 };
      setEdges((current) =>
        current.before === next.before && current.after === next.after ? current : next,
      );
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The element's own size and its content's (a tab added, a label that wraps).
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}
