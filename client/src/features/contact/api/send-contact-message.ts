import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

type Schemas = components['schemas'];
export type RecordCreated = Schemas['RecordCreated'];

/**
 * 201 {id}; 422 {errors}; 429 {message}. The payload is the form's values picked by the contact
 * rules (`toPayload`), the rules the server's `ContactMessageIn` is generated from.
 */
export function sendContactMessage(payload: Record<string, unknown>): Promise<RecordCreated> {
  return ok(client.POST('/api/contact-messages', { body: payload as Schemas['ContactMessageIn'] }));
}
