/** The applications' calls: the dashboard, the list, one application, its status and its neighbours. */
import type { components } from '@/generated/api';
import { apiHref, client } from '@/lib/api-client';
import { admin, applicationQuery, type ApplicationFilters } from '@/features/admin-shell';
import type {
  ApplicationDetail,
  ApplicationStatus,
  ApplicationSummary,
  Dashboard,
  Page,
} from '@/features/admin-shell';

export const getDashboard = (signal?: AbortSignal): Promise<Dashboard> =>
  admin(client.GET('/api/admin/dashboard', { signal }));

export const listApplications = (
  filters: ApplicationFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<ApplicationSummary>> =>
  admin(
    client.GET('/api/admin/applications', {
      params: { query: { ...applicationQuery(filters), page, pageSize } },
      signal,
    }),
  );
export const getApplication = (id: string, signal?: AbortSignal): Promise<ApplicationDetail> =>
  admin(
    client.GET('/api/admin/applications/{application_id}', {
      params: { path: { application_id: id } },
      signal,
    }),
  );
export const setApplicationStatus = (id: string, status: ApplicationStatus): Promise<ApplicationDetail> =>
  admin(
    client.POST('/api/admin/applications/{application_id}/status', {
      params: { path: { application_id: id } },
      body: { status },
    }),
  );

export type ApplicationNeighbours = components['schemas']['ApplicationNeighbours'];

/** The applications before and after `id` in the list `filters` give (newest first). */
export const getApplicationNeighbours = (
  id: string,
  filters: ApplicationFilters,
  signal?: AbortSignal,
): Promise<ApplicationNeighbours> =>
  admin(
    client.GET('/api/admin/applications/{application_id}/neighbours', {
      params: { path: { application_id: id }, query: applicationQuery(filters) },
      signal,
    }),
  );

/** Quick views: applications today (submitted today), new (still received), unread (never opened). */
export const APPLICATION_VIEWS = [
  ['', 'All'],
  ['today', 'Today'],
  ['new', 'New'],
  ['unread', 'Unread'],
] as const;

/** The applications the list's filters select. */
export const applicationsExportHref = (filters: ApplicationFilters): string =>
  apiHref('/api/admin/applications/export.csv', { query: applicationQuery(filters) });
