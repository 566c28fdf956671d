import { client, ok } from '@/lib/api-client';
import type { AppliedJob } from '../components/ApplicationForm';

/**
 * The job an application names (`/apply?job=<id>`) when it is open; null for no id, an unknown,
 * draft or closed job, or a failed request (the form then asks for the job in its own fields).
 */
export async function getOpenJob(id: string, signal: AbortSignal): Promise<AppliedJob | null> {
  if (!id) return null;
  const job = await ok(client.GET('/api/jobs/{job_id}', { params: { path: { job_id: id } }, signal })).catch(
    () => null,
  );
  return job && job.status === 'open'
    ? { id: job.id, title: job.title, category: job.category, country: job.country }
    : null;
}
