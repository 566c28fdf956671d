/** The appointments' calls, their quick views and their CSV export. */
import type { operations } from '@/generated/api';
import { apiHref, client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';
import type { Appointment, Page } from '@/features/admin-shell';

type AppointmentQuery = NonNullable<
  operations['ApiAdminAppointmentsListAppointments']['parameters']['query']
>;
export const listAppointments = (
  status: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  view = '',
): Promise<Page<Appointment>> =>
  admin(
    client.GET('/api/admin/appointments', {
      params: { query: { status, view, page, pageSize } as AppointmentQuery },
      signal,
    }),
  );
export const setAppointmentStatus = (
  reference: string,
  status: 'attended' | 'no_show' | 'cancelled',
): Promise<Appointment> =>
  admin(
    client.POST('/api/admin/appointments/{reference}/status', {
      params: { path: { reference } },
      body: { status },
    }),
  );

/** Appointments: today (slot today), new (booked, not yet marked). */
export const APPOINTMENT_VIEWS = [
  ['', 'Any day'],
  ['today', 'Today'],
  ['new', 'New'],
] as const;

type AppointmentExportQuery = NonNullable<
  operations['ApiAdminAppointmentsExportCsvExport']['parameters']['query']
>;

/** The appointments of a status tab and quick view ('' for any). */
export const appointmentsExportHref = (status: string, view: string): string =>
  apiHref('/api/admin/appointments/export.csv', { query: { status, view } as AppointmentExportQuery });
