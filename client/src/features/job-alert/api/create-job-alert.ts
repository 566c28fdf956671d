import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

type Schemas = components['schemas'];

/**
 * 201 {id}; 422 {errors}; 429 {message}. The payload is the form's values picked by the job-alert
 * rules (`toPayload`), the rules the server's `JobAlertIn` is generated from.
 */
export function createJobAlert(payload: Record<string, unknown>): Promise<Schemas['RecordCreated']> {
  return ok(client.POST('/api/job-alerts', { body: payload as Schemas['JobAlertIn'] }));
}
