import type { components, operations } from '@/generated/api';
import { client, ok, orNull } from '@/lib/api-client';

type Schemas = components['schemas'];

/** A job as `GET /api/jobs` and `GET /api/jobs/{id}` give it. */
export type PublicJob = Schemas['PublicJob'];
/** The board: the jobs the filters select, and the counts per country and category. */
export type JobBoard = Schemas['PublicJobBoard'];

/** The board's filters as the page holds them ('' for "any"; an empty filter stays out of the URL). */
export type JobFilters = Record<
  keyof NonNullable<operations['ApiJobsListJobs']['parameters']['query']>,
  string
>;

export function listJobs(filters: JobFilters, signal?: AbortSignal): Promise<JobBoard> {
  return ok(client.GET('/api/jobs', { params: { query: filters }, signal }));
}

/** One public job; null when there is none (404: unknown or draft). */
export function getJob(id: string, signal?: AbortSignal): Promise<PublicJob | null> {
  return orNull(client.GET('/api/jobs/{job_id}', { params: { path: { job_id: id } }, signal }));
}
