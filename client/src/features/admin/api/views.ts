/** The views of a working day: quick views, next/previous within a filtered list, job titles for the filter. */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from './client';
import { applicationQuery, type ApplicationFilters } from './endpoints';

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
/** Appointments: today (slot today), new (booked, not yet marked). */
export const APPOINTMENT_VIEWS = [
  ['', 'Any day'],
  ['today', 'Today'],
  ['new', 'New'],
] as const;
/** Messages: today (received today), unread (not marked read). */
export const MESSAGE_VIEWS = [
  ['', 'All'],
  ['today', 'Today'],
  ['unread', 'Unread'],
] as const;
