import { api } from '@/lib/api-client';

export interface AppointmentCreated {
  reference: string;
}

/** POST /api/appointments: 201 {reference}; 422 {errors}; 429 {message}. */
export function bookAppointment(payload: Record<string, unknown>): Promise<AppointmentCreated> {
  return api.post<AppointmentCreated>('/appointments', payload);
}
