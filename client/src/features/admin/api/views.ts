/** The views of a working day: quick views, next/previous within a filtered list, job titles for the filter. */
import type { components } from '@/generated/api';
import { adminApi, queryString } from './client';
import type { ApplicationFilters } from './endpoints';

export type ApplicationNeighbours = components['schemas']['ApplicationNeighbours'];

/** The applications before and after `id` in the list `filters` give (newest first). */
export const getApplicationNeighbours = (id: string, filters: ApplicationFilters, signal?: AbortSignal) =>
  adminApi.get<ApplicationNeighbours>(
    `/applications/${encodeURIComponent(id)}/neighbours${queryString({ ...filters })}`,
    signal,
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
