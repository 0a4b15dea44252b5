import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { forbiddenIn } from '../copy/forbidden-phrases';

/**
 * Strings a visitor or the photographer reads only after an action — API errors of the galleries, the photo
 * pipeline and the studio, billing and account answers, server-action results — never appear in a page's first
 * state, so the page-level copy test cannot reach them. This reads every string literal and template text of the
 * source that contains Czech letters and holds it to the same guard.
 */
const ROOTS = ['src'];
const CZECH = /[áčďéěíňóřšťúůýž]/i;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

function czechStrings(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isJsxText(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) found.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…'));
    node.forEachChild(visit);
  };
  visit(source);
  return found.filter((s) => CZECH.test(s));
}

describe('after-action copy', () => {
  const files = ROOTS.flatMap((root) => sourceFiles(path.join(process.cwd(), root)));

  it('reads the Czech strings of the galleries, photos, studio, billing and accounts code', () => {
    const byArea = (area: string) => files.filter((f) => f.includes(`${path.sep}${area}${path.sep}`)).flatMap(czechStrings);
    for (const area of ['galleries', 'photos', 'studio', 'billing', 'accounts']) expect(byArea(area).length, area).toBeGreaterThan(5);
  });

  it('no string in the source breaks the copy rules', () => {
    const problems = files.flatMap((file) => {
      const where = path.relative(process.cwd(), file);
      return czechStrings(file).flatMap((s) => forbiddenIn(where, s));
    });
    expect(problems).toEqual([]);
  });
});
