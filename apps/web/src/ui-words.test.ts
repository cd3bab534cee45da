import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Words an operator must never read: Node's 'fetch failed', the English 'inbox', environment variable
 * names, the runtime's 'Loop de eventos'. Every string and JSX text the web app and the contracts can
 * put on screen is read from the source (the server's answers reach the screen too: its texts are
 * checked for the words that only ever come from it).
 */
function repoRoot(): string {
  let dir = process.cwd();
  while (!existsSync(join(dir, 'packages/contracts/src'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('repository root not found');
    dir = parent;
  }
  return dir;
}
const root = repoRoot();
const FORBIDDEN_ON_SCREEN: ReadonlyArray<[RegExp, string]> = [
  [/fetch failed/i, "'fetch failed'"],
  [/\binbox(es)?\b/i, "'inbox' (diga caixa de entrada)"],
  [/\bWHATSAPP_[A-Z*]/, 'nome de variável de ambiente'],
  [/loop de eventos/i, "'Loop de eventos'"],
];
const FORBIDDEN_FROM_SERVER = FORBIDDEN_ON_SCREEN.filter(([, what]) => /fetch failed|Loop/.test(what));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name) && !path.includes('test-support')
      ? [path]
      : [];
  });
}

/** Texts a file can show: string literals with a space (keys, ids and paths have none) and JSX text. */
function textsOf(path: string, rules: ReadonlyArray<[RegExp, string]>): string[] {
  const code = readFileSync(path, 'utf8');
  // Parsed only when a forbidden word is somewhere in it (a comment, a key): most files are skipped.
  if (!rules.some(([pattern]) => pattern.test(code))) return [];
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node)) texts.push(node.text);
    else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (/\s/.test(node.text)) texts.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

function offenders(dirs: string[], rules: ReadonlyArray<[RegExp, string]>): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(join(root, dir)).flatMap((path) =>
      textsOf(path, rules).flatMap((text) =>
        rules
          .filter(([pattern]) => pattern.test(text))
          .map(([, what]) => `${relative(root, path)}: ${what} em "${text.trim()}"`),
      ),
    ),
  );
}

describe('words on screen', () => {
  it('the web app and the contracts never show fetch failed, inbox, WHATSAPP_* or Loop de eventos', () => {
    expect(offenders(['apps/web/src', 'packages/contracts/src'], FORBIDDEN_ON_SCREEN)).toEqual([]);
  });

  it("the server's texts never say fetch failed or Loop de eventos", () => {
    expect(offenders(['apps/server/src'], FORBIDDEN_FROM_SERVER)).toEqual([]);
  });
});
