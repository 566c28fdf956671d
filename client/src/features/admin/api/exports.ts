/** The CSV exports' addresses: plain links (the browser sends the session cookie and saves the file). */
import type { operations } from '@/generated/api';
import { apiHref } from '@/lib/api-client';
import { applicationQuery, type ApplicationFilters } from './endpoints';

type AppointmentExportQuery = NonNullable<
  operations['ApiAdminAppointmentsExportCsvExport']['parameters']['query']
>;

/** The applications the list's filters select. */
export const applicationsExportHref = (filters: ApplicationFilters): string =>
  apiHref('/api/admin/applications/export.csv', { query: applicationQuery(filters) });

/** The appointments of a status tab and quick view ('' for any). */
export const appointmentsExportHref = (status: string, view: string): string =>
  apiHref('/api/admin/appointments/export.csv', { query: { status, view } as AppointmentExportQuery });

export const subscribersExportHref = {
  newsletter: apiHref('/api/admin/subscribers/newsletter/export.csv', {}),
  jobAlerts: apiHref('/api/admin/subscribers/job-alerts/export.csv', {}),
} as const;
