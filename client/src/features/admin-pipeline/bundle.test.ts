/**
 * The pipeline's staff code is in the lazy admin chunk only: the public entry (`main.tsx`) reaches no
 * admin module through its static imports (what the entry's bundle holds), while the admin area's
 * lazy pages reach this feature. ESLint's zones forbid the import; this follows the real graph.
 */
import { describe, expect, it } from 'vitest';
import { reachedFrom } from '@/testing/module-graph';

describe('the admin pipeline in the bundle', () => {
  it('is not in the public entry: main.tsx reaches no admin module by a static import', () => {
    const entry = reachedFrom('main.tsx', false);
    expect(entry.has('app/App.tsx')).toBe(true);
    expect([...entry].filter((file) => file.startsWith('features/admin-'))).toEqual([]);
  });

  it('is in the lazy admin area: the applicant page it is mounted on reaches it', () => {
    const admin = reachedFrom('main.tsx', true);
    expect(admin.has('features/admin-applications/ApplicationDetailPage.tsx')).toBe(true);
    expect(admin.has('features/admin-pipeline/StagePanel.tsx')).toBe(true);
    expect(admin.has('features/admin-pipeline/board/BoardPage.tsx')).toBe(true);
    expect(admin.has('features/admin-pipeline/board/ReportPage.tsx')).toBe(true);
  });
});
