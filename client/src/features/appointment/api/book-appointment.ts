import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

type Schemas = components['schemas'];
export type AppointmentCreated = Schemas['AppointmentCreated'];

/**
 * 201 {reference}; 422 {errors}; 429 {message}. The payload is the form's values picked by the
 * booking rules (`toPayload`), the rules the server's `AppointmentIn` is generated from.
 */
export function bookAppointment(payload: Record<string, unknown>): Promise<AppointmentCreated> {
  return ok(client.POST('/api/appointments', { body: payload as Schemas['AppointmentIn'] }));
}
