import { version as emojibaseVersion } from 'emojibase-data/package.json';
import { type EmojiPickerListComponents, EmojiPicker as Picker } from 'frimousse';
import { Smile } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

const LIST_PARTS: EmojiPickerListComponents = {
  CategoryHeader: ({ category, ...props }) => (
    <div
      {...props}
      className="bg-white px-3 pt-3 pb-1.5 font-medium text-slate-600 text-xs dark:bg-slate-900 dark:text-slate-300"
    >
      {category.label}
    </div>
  ),
  Row: ({ children, ...props }) => (
    <div {...props} className="scroll-my-1.5 px-1.5">
      {children}
    </div>
  ),
  Emoji: ({ emoji, ...props }) => (
    <button
      {...props}
      aria-label={emoji.label}
      className={cn(
        'flex size-9 items-center justify-center overflow-hidden rounded-md text-xl',
        emoji.isActive && 'bg-slate-100 dark:bg-slate-800',
      )}
    >
      {emoji.emoji}
    </button>
  ),
};

/** Served by us (the web build copies Emojibase's pt-BR files): no CDN, works offline. */
export const EMOJIBASE_URL = `/assets/emojibase/${emojibaseVersion}`;

interface Props {
  onPick: (emoji: string) => void;
  disabled?: boolean;
  triggerClassName: string;
}

/**
 * Every emoji, searchable in Portuguese ("coração", "risada"), by category, with keyboard navigation
 * (frimousse, over Emojibase's pt data). Opens above the composer; Escape or a click outside closes it.
 */
export function ComposerEmojiPicker({ onPick, disabled, triggerClassName }: Props) {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!isOpen) return;
    const onDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);
  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label="Emojis"
        title="Emojis"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        disabled={disabled}
        onClick={() => setOpen((open) => !open)}
        className={triggerClassName}
      >
        <Smile aria-hidden="true" className="size-5" />
      </button>
      {isOpen && (
        <div
          id={panelId}
          role="dialog"
          aria-label="Escolher emoji"
          className="absolute right-0 bottom-full z-50 mb-2 w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <Picker.Root
            data-testid="emoji-picker"
            locale="pt"
            emojibaseUrl={EMOJIBASE_URL}
            columns={8}
            onEmojiSelect={({ emoji }) => onPick(emoji)}
            className="isolate flex h-80 w-full flex-col"
          >
            <Picker.Search
              aria-label="Buscar emoji"
              placeholder="Buscar emoji..."
              autoFocus
              className="m-2 h-9 appearance-none rounded-lg border border-slate-300 bg-white px-3 text-slate-900 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
            />
            <Picker.Viewport className="relative flex-1 outline-none">
              <Picker.Loading className="absolute inset-0 flex items-center justify-center text-slate-600 text-sm dark:text-slate-300">
                Carregando emojis…
              </Picker.Loading>
              <Picker.Empty className="absolute inset-0 flex items-center justify-center text-slate-600 text-sm dark:text-slate-300">
                Nenhum emoji encontrado
              </Picker.Empty>
              <Picker.List className="select-none pb-1.5" components={LIST_PARTS} />
            </Picker.Viewport>
          </Picker.Root>
        </div>
      )}
    </div>
  );
}
