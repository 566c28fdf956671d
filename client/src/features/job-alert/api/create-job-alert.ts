import { api } from '@/lib/api-client';

/** POST /api/job-alerts: 201 {id}; 422 {errors}; 429 {message}. */
export function createJobAlert(payload: Record<string, unknown>): Promise<{ id: string }> {
  return api.post<{ id: string }>('/job-alerts', payload);
}
