import { admin } from '@/features/admin-shell';
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';

type Schemas = components['schemas'];

export type AppointmentCalendar = Schemas['AppointmentCalendarOut'];
export type CalendarDay = Schemas['CalendarDayOut'];
export type CalendarSlot = Schemas['CalendarSlotOut'];

/** A day (1) or a week (7) of one office's slots ("" is the main office). */
export function getAppointmentCalendar(
  start: string,
  days: 1 | 7,
  office: string,
  signal?: AbortSignal,
): Promise<AppointmentCalendar> {
  return admin(
    client.GET('/api/admin/appointments/calendar', {
      params: { query: { start, days: days === 1 ? '1' : '7', office } },
      signal,
    }),
  );
}
