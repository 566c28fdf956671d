/**
 * Employers, job orders and their CV packs are staff pages: the public entry (`main.tsx`) reaches none of their
 * modules by a static import, while the admin area's lazy routes reach every page of them.
 */
import { describe, expect, it } from 'vitest';
import { reachedFrom } from '@/testing/module-graph';

describe('the employers pages in the bundle', () => {
  it('are not in the public entry: main.tsx reaches no admin-employers, admin-orders, admin-forms or admin-packs module by a static import', () => {
    const entry = reachedFrom('main.tsx', false);
    expect(entry.has('app/App.tsx')).toBe(true);
    const ours = (file: string) => /^features\/admin-(employers|orders|forms|packs)\//.test(file);
    expect([...entry].filter(ours)).toEqual([]);
  });

  it('are in the lazy admin area: its routes reach the employers and orders pages', () => {
    const admin = reachedFrom('main.tsx', true);
    for (const page of ['EmployersPage', 'EmployerPage']) {
      expect(admin.has(`features/admin-employers/${page}.tsx`)).toBe(true);
    }
    for (const page of ['OrdersPage', 'OrderPage']) {
      expect(admin.has(`features/admin-orders/${page}.tsx`)).toBe(true);
    }
    expect(admin.has('features/admin-packs/PacksSection.tsx')).toBe(true);
  });
});
