/**
 * The one API client is the only module that makes URLs of the API: everywhere else a `'/api/...'`
 * string may only be the route of a typed call (`client.GET('/api/jobs/{job_id}', ...)`,
 * `upload(...)`, `apiHref(...)`), which `tsc` checks against the generated `paths`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');
/** The client, and the setting of where the server's `/api` is (`VITE_API_BASE_URL`). */
const CLIENT_MODULES = new Set(['lib/api-client.ts', 'config/env.ts']);
/** Tests and their mock servers describe the wire itself. */
const WIRE_DESCRIPTIONS = /(\.test\.tsx?$|(^|\/)testing\/|^generated\/)/;
const TYPED_CALLS = new Set([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'upload',
  'apiHref',
]);
const API_URL = /^\/api(\/|$)/;

function isTypedRoute(node: ts.Node): boolean {
  const call = node.parent;
  if (!ts.isCallExpression(call) || call.arguments[0] !== node) return false;
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return TYPED_CALLS.has(callee.text);
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'client' &&
    TYPED_CALLS.has(callee.name.text)
  );
}

/** The `/api` URL strings of a module that are not the route of a typed call, as `line: text`. */
function apiUrlStrings(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : null;
    if (literal !== null && API_URL.test(literal) && !isTypedRoute(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('API URLs', () => {
  it('finds URL strings and templates, and lets typed routes pass', () => {
    const sample = [
      "fetch('/api/jobs');",
      'const href = `/api/admin/jobs/${id}`;',
      "const bare = '/api';",
      "client.GET('/api/jobs/{job_id}', { params: { path: { job_id: id } } });",
      "apiHref('/api/admin/data-requests/export.zip', { query: { q } });",
      "upload('/api/applications', form);",
      "other.GET('/api/jobs');",
      "const page = '/apply';",
    ].join('\n');
    expect(apiUrlStrings('sample.ts', sample)).toEqual([
      "1: '/api/jobs'",
      '2: `/api/admin/jobs/${id}`',
      "3: '/api'",
      "7: '/api/jobs'",
    ]);
  });

  it('has none outside the one client', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((name) => !CLIENT_MODULES.has(name) && !WIRE_DESCRIPTIONS.test(name))
      .flatMap((name) =>
        apiUrlStrings(name, readFileSync(join(SRC, name), 'utf8')).map((hit) => `${name}:${hit}`),
      );
    expect(offenders).toEqual([]);
  });
});
