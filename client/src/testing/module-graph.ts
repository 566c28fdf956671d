/**
 * The modules a source file reaches through its imports, for tests that hold what a bundle holds:
 * static value imports only (`import type` is erased) are what a chunk loads with it; `import()` is a
 * chunk of its own, loaded when used. Paths are relative to `src/` (`features/admin-employers/x.tsx`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = join(__dirname, '..');
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

function staticSpecifier(node: ts.Node): string | null {
  if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
    return (node.moduleSpecifier as ts.StringLiteral).text;
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
    return (node.moduleSpecifier as ts.StringLiteral).text;
  }
  return null;
}

function lazySpecifier(node: ts.Node): string | null {
  if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.ImportKeyword) return null;
  const [first] = node.arguments;
  return first && ts.isStringLiteral(first) ? first.text : null;
}

function specifiersOf(file: string, lazy: boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const specifier = staticSpecifier(node) ?? (lazy ? lazySpecifier(node) : null);
    if (specifier) found.push(specifier);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function importsOf(file: string, lazy: boolean): string[] {
  return specifiersOf(file, lazy)
    .map((specifier) => resolveModule(file, specifier))
    .filter((f): f is string => f !== null);
}

/** Every module `entry` (relative to `src/`) reaches: by static imports, and by `import()` too when `lazy`. */
export function reachedFrom(entry: string, lazy: boolean): Set<string> {
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

/** The modules `entry` reaches by static imports that import a package starting with `prefix` (`@tanstack/`). */
export function staticImportersOf(entry: string, prefix: string): string[] {
  return [...reachedFrom(entry, false)].filter((file) =>
    specifiersOf(join(SRC, file), false).some((specifier) => specifier.startsWith(prefix)),
  );
}
