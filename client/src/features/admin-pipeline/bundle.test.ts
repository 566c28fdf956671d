/**
 * The pipeline's staff code is in the lazy admin chunk only: the public entry (`main.tsx`) reaches no
 * admin module through its static imports (what the entry's bundle holds), while the admin area's
 * lazy pages reach this feature. ESLint's zones forbid the import; this follows the real graph.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null; // a package
  for (const suffix of CANDIDATES) {
    const file = base + suffix;
    if (/\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null; // a stylesheet, an image
}

/** A value import or re-export's module (`import type` and `export type` are erased). */
function staticSpecifier(node: ts.Node): string | null {
  if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
    return (node.moduleSpecifier as ts.StringLiteral).text;
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
    return (node.moduleSpecifier as ts.StringLiteral).text;
  }
  return null;
}

/** An `import('...')`'s module: a chunk of its own, loaded when used. */
function lazySpecifier(node: ts.Node): string | null {
  if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.ImportKeyword) return null;
  const [first] = node.arguments;
  return first && ts.isStringLiteral(first) ? first.text : null;
}

/** The modules `file` imports: statically (values, not types), and with `import()` when `lazy`. */
function importsOf(file: string, lazy: boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const specifier = staticSpecifier(node) ?? (lazy ? lazySpecifier(node) : null);
    if (specifier) found.push(specifier);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((specifier) => resolveModule(file, specifier)).filter((f): f is string => f !== null);
}

function reached(entry: string, lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const todo = [join(SRC, entry)];
  while (todo.length) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...importsOf(file, lazy));
  }
  return new Set([...seen].map((file) => relative(SRC, file)));
}

describe('the admin pipeline in the bundle', () => {
  it('is not in the public entry: main.tsx reaches no admin module by a static import', () => {
    const entry = reached('main.tsx', false);
    expect(entry.has('app/App.tsx')).toBe(true);
    expect([...entry].filter((file) => file.startsWith('features/admin-'))).toEqual([]);
  });

  it('is in the lazy admin area: the applicant page it is mounted on reaches it', () => {
    const admin = reached('main.tsx', true);
    expect(admin.has('features/admin-applications/ApplicationDetailPage.tsx')).toBe(true);
    expect(admin.has('features/admin-pipeline/StagePanel.tsx')).toBe(true);
    expect(admin.has('features/admin-pipeline/board/BoardPage.tsx')).toBe(true);
    expect(admin.has('features/admin-pipeline/board/ReportPage.tsx')).toBe(true);
  });
});
