import { adminApi } from './client';
import type { components } from '@/generated/api';

type Schemas = components['schemas'];

export type AppointmentCalendar = Schemas['AppointmentCalendarOut'];
export type CalendarDay = Schemas['CalendarDayOut'];
export type CalendarSlot = Schemas['CalendarSlotOut'];

/** GET /api/admin/appointments/calendar?start=&days=: a day (1) or a week (7) of the office's slots. */
export function getAppointmentCalendar(start: string, days: 1 | 7, signal?: AbortSignal) {
  return adminApi.get<AppointmentCalendar>(
    `/appointments/calendar?start=${encodeURIComponent(start)}&days=${days}`,
    signal,
  );
}
