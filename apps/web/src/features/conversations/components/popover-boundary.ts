import { createContext, useContext } from 'react';

/**
 * The element a popover opened from inside it must stay within (the scrolling message list): a picker
 * on the first message then flips below it instead of covering the chat header. Null: the viewport.
 */
export const PopoverBoundaryContext = createContext<HTMLElement | null>(null);

export const usePopoverBoundary = () => useContext(PopoverBoundaryContext);
