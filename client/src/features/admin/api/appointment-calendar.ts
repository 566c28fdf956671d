import { adminApi } from './client';
import type { components } from '@/generated/api';

type Schemas = components['schemas'];

export type AppointmentCalendar = Schemas['AppointmentCalendarOut'];
export type CalendarDay = Schemas['CalendarDayOut'];
export type CalendarSlot = Schemas['CalendarSlotOut'];

/** GET /api/admin/appointments/calendar?start=&days=&office=: a day (1) or a week (7) of one office's
 * slots ("" is the main office). */
export function getAppointmentCalendar(start: string, days: 1 | 7, office: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ start, days: String(days) });
  if (office) query.set('office', office);
  return adminApi.get<AppointmentCalendar>(`/appointments/calendar?${query.toString()}`, signal);
}
