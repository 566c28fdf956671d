import { api } from '@/lib/api-client';

export interface RecordCreated {
  id: string;
}

/** POST /api/contact-messages: 201 {id}; 422 {errors}; 429 {message}. */
export function sendContactMessage(payload: Record<string, unknown>): Promise<RecordCreated> {
  return api.post<RecordCreated>('/contact-messages', payload);
}
