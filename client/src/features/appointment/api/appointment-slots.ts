import { api } from '@/lib/api-client';

export type SlotState = 'free' | 'full' | 'past' | 'closed';

export interface Slot {
  /** The spec's label, unchanged ("10:00 AM"), in the office's zone. */
  time: string;
  startsAt: string;
  state: SlotState;
  free: number;
}

export interface DaySlots {
  date: string;
  timeZone: string;
  zoneName: string;
  slots: Slot[];
}

/** GET /api/appointment-slots?date=YYYY-MM-DD: the nine slots of a date; the server still judges each booking. */
export function appointmentSlots(date: string, signal: AbortSignal): Promise<DaySlots> {
  return api.get<DaySlots>(`/appointment-slots?date=${encodeURIComponent(date)}`, signal);
}
