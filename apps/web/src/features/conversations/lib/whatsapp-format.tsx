import { LinkifyIt } from 'linkify-it';
import { Fragment, type ReactNode } from 'react';

/**
 * WhatsApp's text formatting as React elements (never HTML strings): *negrito*, _itálico_,
 * ~tachado~, ```monoespaçado```, `código`, lists ("* ", "- ", "1. "), quotes ("> ") and links, which
 * open http(s) addresses only, in a new tab, with no opener and no referrer. Whatever the customer
 * wrote is shown as text; a marker that does not open and close as WhatsApp reads it stays as typed.
 */
export function formatWhatsApp(text: string): ReactNode {
  const nodes: ReactNode[] = [];
  let key = 0;
  let from = 0;
  for (const fence of text.matchAll(FENCE)) {
    const at = fence.index;
    if (at > from) nodes.push(<Fragment key={key++}>{blocks(text.slice(from, at))}</Fragment>);
    nodes.push(
      <code key={key++} data-format="mono" className="font-mono text-[0.92em]">
        {fence[1]}
      </code>,
    );
    from = at + fence[0].length;
  }
  if (from < text.length) nodes.push(<Fragment key={key++}>{blocks(text.slice(from))}</Fragment>);
  return nodes;
}

/** A ``` block: at least one character between the fences, which may span lines. */
const FENCE = /```([\s\S]+?)```/g;

type Block =
  | { kind: 'text'; lines: string[] }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[]; start: number }
  | { kind: 'quote'; lines: string[] };

const BULLET = /^[*-] (.*)$/;
const NUMBERED = /^(\d{1,9})\. (.*)$/;
const QUOTE = /^> ?(.*)$/;

/** Lines grouped as WhatsApp shows them: runs of list items or quoted lines, and plain text. */
function parseBlocks(text: string): Block[] {
  const result: Block[] = [];
  for (const line of text.split('\n')) {
    const last = result.at(-1);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    const quote = QUOTE.exec(line);
    if (bullet) {
      if (last?.kind === 'ul') last.items.push(bullet[1] ?? '');
      else result.push({ kind: 'ul', items: [bullet[1] ?? ''] });
    } else if (numbered) {
      if (last?.kind === 'ol') last.items.push(numbered[2] ?? '');
      else result.push({ kind: 'ol', items: [numbered[2] ?? ''], start: Number(numbered[1]) });
    } else if (quote) {
      if (last?.kind === 'quote') last.lines.push(quote[1] ?? '');
      else result.push({ kind: 'quote', lines: [quote[1] ?? ''] });
    } else if (last?.kind === 'text') {
      last.lines.push(line);
    } else {
      result.push({ kind: 'text', lines: [line] });
    }
  }
  return result;
}

/** The items of a list, keyed by their place (a message's lines never reorder). */
function listItems(items: string[]): ReactNode[] {
  const nodes: ReactNode[] = [];
  for (const [place, item] of items.entries()) nodes.push(<li key={place}>{inline(item)}</li>);
  return nodes;
}

function blocks(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let key = 0;
  for (const block of parseBlocks(text)) {
    if (block.kind === 'ul') {
      nodes.push(
        <ul key={key++} className="my-0.5 list-disc pl-5">
          {listItems(block.items)}
        </ul>,
      );
    } else if (block.kind === 'ol') {
      nodes.push(
        <ol key={key++} start={block.start} className="my-0.5 list-decimal pl-5">
          {listItems(block.items)}
        </ol>,
      );
    } else if (block.kind === 'quote') {
      nodes.push(
        <blockquote key={key++} className="my-0.5 border-current border-l-2 pl-2">
          {inline(block.lines.join('\n'))}
        </blockquote>,
      );
    } else {
      // The breaks around a list or quote are its own edges; the text keeps its other breaks.
      nodes.push(<Fragment key={key++}>{inline(block.lines.join('\n'))}</Fragment>);
    }
  }
  return nodes;
}

const MARKERS: Record<string, 'strong' | 'em' | 's' | 'code'> = {
  '*': 'strong',
  _: 'em',
  '~': 's',
  '`': 'code',
};

const SPACE = /\s/;
/** What may stand before an opening marker (besides a line start, a space or another marker). */
const OPENS_AFTER = new Set([...'([{"\'«“‘¿¡']);
/** What may follow a closing marker (besides an end, a space or another marker). */
const CLOSES_BEFORE = new Set([...'.,;:!?)]}"\'»”’…-']);

/** A marker of another kind: `*_both_*` nests. */
const isOtherMarker = (char: string, marker: string) => char !== marker && Object.hasOwn(MARKERS, char);

/** A marker may close at `at`: after a non-space, before an end, a space, punctuation or another marker. */
function canClose(text: string, at: number): boolean {
  const marker = text[at] ?? '';
  const inner = text[at - 1];
  const next = text[at + 1];
  if (inner === undefined || SPACE.test(inner)) return false;
  return next === undefined || SPACE.test(next) || CLOSES_BEFORE.has(next) || isOtherMarker(next, marker);
}

/**
 * For each marker, the first position at or after each index where it may close (-1: none), so finding
 * where a marker closes is one lookup and a long message full of markers stays linear.
 */
function closers(text: string): Map<string, Int32Array> {
  const result = new Map<string, Int32Array>();
  for (const marker of Object.keys(MARKERS)) {
    const next = new Int32Array(text.length + 1).fill(-1);
    for (let at = text.length - 1; at >= 0; at--) {
      next[at] = text[at] === marker && canClose(text, at) ? at : (next[at + 1] ?? -1);
    }
    result.set(marker, next);
  }
  return result;
}

/**
 * Where the marker opened at `open` closes on the same line, or -1. WhatsApp opens a marker after a
 * line start, a space, an opening bracket or quote, or another marker, before a non-space: "a_b_c"
 * and "window.__x" stay as typed.
 */
function closing(text: string, open: number, next: Map<string, Int32Array>): number {
  const marker = text[open] ?? '';
  const before = text[open - 1];
  const after = text[open + 1];
  if (
    before !== undefined &&
    !SPACE.test(before) &&
    !OPENS_AFTER.has(before) &&
    !isOtherMarker(before, marker)
  ) {
    return -1;
  }
  if (after === undefined || SPACE.test(after) || after === marker) return -1;
  const at = next.get(marker)?.[open + 2] ?? -1;
  if (at === -1) return -1;
  const lineEnd = text.indexOf('\n', open);
  return lineEnd === -1 || at < lineEnd ? at : -1;
}

function inline(text: string, depth = 0): ReactNode[] {
  const nodes: ReactNode[] = [];
  if (!/[*_~`]/.test(text)) return links(text, 0);
  const next = closers(text);
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const tag = MARKERS[text[i] ?? ''];
    // Nesting stops at four levels: deeper markers stay as typed.
    const end = tag && depth < 4 ? closing(text, i, next) : -1;
    if (!tag || end === -1) {
      i++;
      continue;
    }
    if (i > plainFrom) nodes.push(...links(text.slice(plainFrom, i), nodes.length));
    const inner = text.slice(i + 1, end);
    const Tag = tag;
    nodes.push(
      <Tag
        key={nodes.length}
        data-format={tag}
        className={tag === 'code' ? 'font-mono text-[0.92em]' : undefined}
      >
        {tag === 'code' ? inner : inline(inner, depth + 1)}
      </Tag>,
    );
    i = end + 1;
    plainFrom = i;
  }
  if (plainFrom < text.length) nodes.push(...links(text.slice(plainFrom), nodes.length));
  return nodes;
}

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false });

/** An address that may become a link: http or https, nothing else (no javascript:, data:, mailto:). */
export function safeLinkHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function links(text: string, firstKey: number): ReactNode[] {
  const matches = linkify.match(text);
  if (!matches) return [text];
  const nodes: ReactNode[] = [];
  let from = 0;
  for (const match of matches) {
    const href = safeLinkHref(match.url);
    if (!href) continue;
    if (match.index > from) nodes.push(text.slice(from, match.index));
    nodes.push(
      <a
        key={`link-${firstKey}-${match.index}`}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all underline underline-offset-2"
      >
        {match.text}
      </a>,
    );
    from = match.lastIndex;
  }
  if (from < text.length) nodes.push(text.slice(from));
  return nodes;
}
