import { type KeyboardEvent, useState } from 'react';

/**
 * The keyboard and selection of a suggestion list the composer's textarea drives while keeping the
 * focus (the list is its active descendant): ↑/↓ move (wrapping), Enter or Tab pick the active
 * item, Esc closes the list until `dismissKey` changes (what was typed, or where).
 */
export function useSuggestionList<T>({
  items,
  dismissKey,
  onPick,
}: {
  items: T[];
  dismissKey: string | null;
  onPick: (item: T) => void;
}) {
  const [index, setIndex] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const isOpen = items.length > 0 && dismissed !== dismissKey;
  const active = Math.min(index, Math.max(items.length - 1, 0));

  const pick = (item: T) => {
    onPick(item);
    setIndex(0);
  };

  /** Handles the key while the list is open; true when it did. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!isOpen) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setIndex((active + step + items.length) % items.length);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const item = items[active];
      if (item !== undefined) pick(item);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(dismissKey);
      return true;
    }
    return false;
  };

  return { isOpen, active, pick, onKeyDown, setIndex };
}
