/**
 * docs/admin-area.md: each admin feature (client/src/features/admin-*) is at most 1,500 lines of
 * TypeScript besides its tests (issue 44). A feature that outgrows it is split by subject.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = fileURLToPath(new URL('..', import.meta.url));
const MAX_LINES = 1500;

/** The lines (as `wc -l` counts them) of the .ts and .tsx files under `folder`, `*.test.*` left out. */
function codeLines(folder: string): number {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .reduce((total, file) => total + (readFileSync(join(folder, file), 'utf8').match(/\n/g)?.length ?? 0), 0);
}

describe('the admin features', () => {
  const sizes = readdirSync(FEATURES)
    .filter((name) => name.startsWith('admin-'))
    .map((name) => [name, codeLines(join(FEATURES, name))] as const);

  it('are each at most 1,500 lines of TypeScript besides their tests', () => {
    expect(sizes.map(([name]) => name)).toEqual(expect.arrayContaining(['admin-shell', 'admin-employers']));
    expect(sizes.every(([, lines]) => lines > 0)).toBe(true);
    const over = sizes
      .filter(([, lines]) => lines > MAX_LINES)
      .map(([name, lines]) => `${name}: ${lines} lines`);
    expect(over, `over ${MAX_LINES} lines besides tests`).toEqual([]);
  });
});
