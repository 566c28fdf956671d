import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

export type DaySlots = components['schemas']['DaySlotsOut'];
/** One slot: the spec's label unchanged ("10:00 AM", in the office's zone), its start and state. */
export type Slot = components['schemas']['SlotOut'];
export type SlotState = Slot['state'];
/** What cannot be booked from today to the horizon: closed days, and per open day its taken slots. */
export type WindowSlots = components['schemas']['WindowSlotsOut'];

/** The nine slots of a date (YYYY-MM-DD); the server still judges each booking. */
export function appointmentSlots(date: string, signal: AbortSignal): Promise<DaySlots> {
  return ok(client.GET('/api/appointment-slots', { params: { query: { date } }, signal }));
}

/**
 * The whole booking window in one small answer (a few hundred bytes), loaded when the form opens:
 * a picked date's taken slots are known at once, with no request per date.
 */
export function windowSlots(signal: AbortSignal): Promise<WindowSlots> {
  return ok(client.GET('/api/appointment-slots/window', { signal }));
}

/** The labels that cannot be booked on `day`, or `null` when `day` is outside the window. */
export function takenOn(
  window: WindowSlots,
  day: string,
  labels: readonly string[],
): ReadonlySet<string> | null {
  if (day < window.first || day > window.last) return null;
  if (window.closed.includes(day)) return new Set(labels);
  return new Set(window.taken[day] ?? []);
}
