import type { Message } from '@atende/contracts';

/** Who wrote a bubble, as the chat tells them apart at a glance: the customer, the AI, or a person. */
export type BubbleTone = 'client' | 'ai' | 'person';

export function bubbleTone(message: Pick<Message, 'sender' | 'aiGenerated'>): BubbleTone {
  if (message.sender === 'client') return 'client';
  return message.aiGenerated ? 'ai' : 'person';
}

/**
 * Each tone's colours. The metadata (sender, time, ticks) reads at WCAG AA (4.5:1) on its bubble in
 * light and dark, measured by the chat's browser test: the AI's answers are a light violet with an
 * "IA" mark, a person's the solid indigo.
 */
export const BUBBLE_TONES: Record<
  BubbleTone,
  { bubble: string; meta: string; quote: string; read: string; failed: string }
> = {
  client: {
    bubble:
      'rounded-bl-md border border-slate-200 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
    meta: 'text-slate-600 dark:text-slate-300',
    quote: 'border-indigo-400 bg-slate-100 text-slate-600 dark:bg-slate-900/60 dark:text-slate-300',
    read: 'text-sky-700 dark:text-sky-300',
    failed: 'text-red-700 dark:text-red-300',
  },
  ai: {
    bubble:
      'rounded-br-md border border-violet-200 bg-violet-50 text-slate-900 dark:border-violet-400/40 dark:bg-violet-950 dark:text-violet-50',
    meta: 'text-violet-800 dark:text-violet-200',
    quote: 'border-violet-400 bg-white/70 text-slate-700 dark:bg-black/25 dark:text-violet-100',
    read: 'text-sky-700 dark:text-sky-300',
    failed: 'text-red-700 dark:text-red-300',
  },
  person: {
    bubble: 'rounded-br-md bg-indigo-700 text-white dark:bg-indigo-700',
    meta: 'text-indigo-50',
    quote: 'border-indigo-200 bg-white/15 text-indigo-50',
    read: 'text-cyan-200',
    failed: 'text-red-200',
  },
};
