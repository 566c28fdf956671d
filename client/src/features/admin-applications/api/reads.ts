/**
 * The applications' reads, keyed per resource for the admin query cache (admin-shell's
 * `useAdminQuery`): every key starts with its resource, so a save invalidates `['applications']`
 * (the lists, the records, their neighbours) or one record. The shell's AdminApp starts the read of
 * the route it opens on beside the session check (`prefetchAtEntry`), so these stay small.
 */
import { filtersFrom, type AdminRead, type ApplicationDetail, type Dashboard } from '@/features/admin-shell';
import { getApplication, getDashboard, listApplications } from './applications';

export const APPLICATIONS_PAGE_SIZE = 20;

/** Every read of applications (lists, records, neighbours). */
export const APPLICATIONS_KEY = ['applications'] as const;
export const DASHBOARD_KEY = ['dashboard'] as const;

export const dashboardRead = (): AdminRead<Dashboard> => ({ key: DASHBOARD_KEY, load: getDashboard });

/** The list `/admin/applications?<params>` shows: its filters and page. */
export function applicationsRead(params: URLSearchParams) {
  const filters = filtersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  return {
    key: [...APPLICATIONS_KEY, 'list', filters, page],
    load: (signal: AbortSignal) => listApplications(filters, page, APPLICATIONS_PAGE_SIZE, signal),
  };
}

export const applicationRead = (id: string): AdminRead<ApplicationDetail> => ({
  key: [...APPLICATIONS_KEY, 'detail', id],
  load: (signal) => getApplication(id, signal),
});
