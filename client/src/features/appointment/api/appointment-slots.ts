import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

export type DaySlots = components['schemas']['DaySlotsOut'];
/** One slot: the spec's label unchanged ("10:00 AM", in the office's zone), its start and state. */
export type Slot = components['schemas']['SlotOut'];
export type SlotState = Slot['state'];

/** The nine slots of a date (YYYY-MM-DD); the server still judges each booking. */
export function appointmentSlots(date: string, signal: AbortSignal): Promise<DaySlots> {
  return ok(client.GET('/api/appointment-slots', { params: { query: { date } }, signal }));
}
