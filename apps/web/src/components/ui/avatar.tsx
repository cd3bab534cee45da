import { UserRound } from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import { cn } from '@/lib/cn';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' };

/** Only http(s) URLs and same-origin paths are rendered; anything else (javascript:, data:) is dropped. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Up to two initials from a name: 'Maria da Silva' → 'MS'. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return '';
  const first = words[0]![0]!;
  const last = words.length > 1 ? words[words.length - 1]![0]! : '';
  return (first + last).toUpperCase();
}

/**
 * Initials' colours: a tint with a dark ink in the light theme and the reverse in the dark one, every
 * pair at least 4.5:1 (WCAG AA for text). Which pair is a stable hash of the person, so the same
 * customer keeps their colour in every list and header, and neighbours rarely share one.
 */
export const AVATAR_PALETTE = [
  { light: ['#e0e7ff', '#3730a3'], dark: ['#312e81', '#c7d2fe'] }, // indigo
  { light: ['#e0f2fe', '#075985'], dark: ['#0c4a6e', '#bae6fd'] }, // sky
  { light: ['#d1fae5', '#065f46'], dark: ['#064e3b', '#a7f3d0'] }, // emerald
  { light: ['#fef3c7', '#92400e'], dark: ['#78350f', '#fde68a'] }, // amber
  { light: ['#ffe4e6', '#9f1239'], dark: ['#881337', '#fecdd3'] }, // rose
  { light: ['#ede9fe', '#5b21b6'], dark: ['#4c1d95', '#ddd6fe'] }, // violet
  { light: ['#ccfbf1', '#115e59'], dark: ['#134e4a', '#99f6e4'] }, // teal
  { light: ['#ffedd5', '#9a3412'], dark: ['#7c2d12', '#fed7aa'] }, // orange
  { light: ['#fae8ff', '#86198f'], dark: ['#701a75', '#f5d0fe'] }, // fuchsia
  { light: ['#ecfccb', '#3f6212'], dark: ['#365314', '#d9f99d'] }, // lime
] as const;

/** FNV-1a of the seed, as an index into the palette. */
export function avatarColorIndex(seed: string): number {
  let hash = 0x811c9dc5;
  for (const char of seed) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % AVATAR_PALETTE.length;
}

export interface AvatarProps {
  name?: string | null;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
  /** What picks the colour (an id is steadier than a name that may be edited); the name otherwise. */
  colorSeed?: string | null;
}

export function Avatar({ name, src, size = 'md', className, colorSeed }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const url = failed ? null : safeImageUrl(src);
  const initials = initialsOf(name);
  const base = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (url) {
    return (
      <img
        src={url}
        alt={name ?? ''}
        className={cn(base, 'object-cover')}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  const colors = AVATAR_PALETTE[avatarColorIndex(colorSeed || name || '')] ?? AVATAR_PALETTE[0];
  const style = {
    '--avatar-bg': colors.light[0],
    '--avatar-fg': colors.light[1],
    '--avatar-bg-dark': colors.dark[0],
    '--avatar-fg-dark': colors.dark[1],
  } as CSSProperties;
  return (
    <span
      role="img"
      aria-label={name ?? 'Usuário'}
      data-avatar-color={avatarColorIndex(colorSeed || name || '')}
      style={style}
      className={cn(
        base,
        'bg-[var(--avatar-bg)] font-semibold text-[var(--avatar-fg)] dark:bg-[var(--avatar-bg-dark)] dark:text-[var(--avatar-fg-dark)]',
      )}
    >
      {initials || <UserRound aria-hidden="true" className="size-1/2" />}
    </span>
  );
}
