/**
 * TanStack Query is in the lazy admin chunk only (docs/client.md, "One data-fetching hook"): no module
 * the public entry (`main.tsx`) reaches by its static imports, the entry's bundle, imports
 * `@tanstack/*`, while the admin area (AdminApp.tsx) does. `npm run size` gives the entry's figures.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..', '..');
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  const file = CANDIDATES.map((suffix) => base + suffix).find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
  return file ?? null;
}

/** The value imports and re-exports of `file` (type-only ones are erased from the bundle). */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

/** Each module reached from `entry` by static imports, with the packages it imports. */
function staticGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const todo = [join(SRC, entry)];
  while (todo.length) {
    const file = todo.pop() as string;
    if (graph.has(file)) continue;
    const specifiers = specifiersOf(file);
    graph.set(relative(SRC, file), specifiers);
    for (const specifier of specifiers) {
      const next = resolveModule(file, specifier);
      if (next) todo.push(next);
    }
  }
  return graph;
}

const usesQuery = (graph: Map<string, string[]>) =>
  [...graph]
    .filter(([, specifiers]) => specifiers.some((s) => s.startsWith('@tanstack/')))
    .map(([file]) => file);

describe('TanStack Query in the bundle', () => {
  it('is not reached by the public entry: main.tsx imports no @tanstack module statically', () => {
    const graph = staticGraph('main.tsx');
    expect(graph.size).toBeGreaterThan(20);
    expect(usesQuery(graph)).toEqual([]);
  });

  it('is in the admin chunk: AdminApp.tsx reaches the admin query cache', () => {
    expect(usesQuery(staticGraph('features/admin-shell/AdminApp.tsx'))).toContain(
      'features/admin-shell/query/query.tsx',
    );
  });
});
