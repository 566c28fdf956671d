/**
 * TanStack Query is in the lazy admin chunk only (docs/client.md, "One data-fetching hook"): no module
 * the public entry (`main.tsx`) reaches by its static imports, the entry's bundle, imports
 * `@tanstack/*`, while the admin area (AdminApp.tsx) does. `npm run size` gives the entry's figures.
 */
import { describe, expect, it } from 'vitest';
import { reachedFrom, staticImportersOf } from '@/testing/module-graph';

describe('TanStack Query in the bundle', () => {
  it('is not reached by the public entry: main.tsx imports no @tanstack module statically', () => {
    expect(reachedFrom('main.tsx', false).size).toBeGreaterThan(20);
    expect(staticImportersOf('main.tsx', '@tanstack/')).toEqual([]);
  });

  it('is in the admin chunk: AdminApp.tsx reaches the admin query cache', () => {
    expect(staticImportersOf('features/admin-shell/AdminApp.tsx', '@tanstack/')).toContain(
      'features/admin-shell/query/query.tsx',
    );
  });
});
