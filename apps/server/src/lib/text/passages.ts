/** One retrievable unit of the knowledge base: a question/heading and the text under it. */
export interface Passage {
  /** Stable id: slug of the section path, e.g. `entrega-e-frete/qual-e-o-prazo-de-entrega`. */
  id: string;
  title: string;
  /** Enclosing heading (category), if any. */
  section: string | null;
  text: string;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const QUESTION = /^\s*(?:P|Pergunta|Q)\s*[:.-]\s*(.+)$/i;
const ANSWER_PREFIX = /^\s*(?:R|Resposta|A)\s*[:.-]\s*/i;
/** Sections longer than this are split into their blank-line paragraphs. */
const MAX_PASSAGE_CHARS = 900;

export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'secao'
  );
}

interface Block {
  title: string;
  section: string | null;
  lines: string[];
}

function paragraphsOf(lines: readonly string[]): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.length > 0) paragraphs.push(current.join('\n'));
      current = [];
    } else current.push(line.replace(ANSWER_PREFIX, '').trim());
  }
  if (current.length > 0) paragraphs.push(current.join('\n'));
  return paragraphs;
}

/**
 * Splits a knowledge-base text into passages: every Markdown heading (`#`…`######`) and every
 * question line (`P:` / `Pergunta:`) opens a passage; its body is the text up to the next one. A
 * heading with sub-headings is the `section` of the passages below it. Long bodies are split into
 * their paragraphs. Headings without text produce no passage.
 */
export function splitPassages(content: string): Passage[] {
  const blocks: Block[] = [];
  const stack: { level: number; title: string }[] = [];
  let current: Block | null = null;

  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(raw);
    const question = heading ? null : QUESTION.exec(raw);
    if (heading) {
      const level = heading[1]!.length;
      const title = heading[2]!.trim();
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      const parent = stack[stack.length - 1];
      stack.push({ level, title });
      current = { title, section: parent?.title ?? null, lines: [] };
      blocks.push(current);
    } else if (question) {
      const parent = stack[stack.length - 1];
      current = { title: question[1]!.trim(), section: parent?.title ?? null, lines: [] };
      blocks.push(current);
    } else if (current) current.lines.push(raw);
    else if (raw.trim() !== '') {
      current = { title: 'Informações gerais', section: null, lines: [raw] };
      blocks.push(current);
    }
  }

  const passages: Passage[] = [];
  const used = new Map<string, number>();
  const add = (title: string, section: string | null, text: string): void => {
    const base = section ? `${slugify(section)}/${slugify(title)}` : slugify(title);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    passages.push({ id: n === 1 ? base : `${base}-${n}`, title, section, text });
  };
  for (const block of blocks) {
    const paragraphs = paragraphsOf(block.lines);
    if (paragraphs.length === 0) continue;
    const whole = paragraphs.join('\n\n');
    if (whole.length <= MAX_PASSAGE_CHARS || paragraphs.length === 1) add(block.title, block.section, whole);
    else for (const paragraph of paragraphs) add(block.title, block.section, paragraph);
  }
  return passages;
}
