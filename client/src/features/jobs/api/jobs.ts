import { client, ok, orNull } from '@/lib/api-client';

/** A job as `GET /api/jobs` and `GET /api/jobs/{id}` give it (see `app/api/jobs.py`). */
export interface PublicJob {
  id: string;
  title: string;
  country: string;
  city: string;
  category: string;
  employmentType: string;
  positions: number;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  salaryPeriod: string;
  salary: string;
  description: string;
  requirements: string;
  benefits: string[];
  closingDate: string | null;
  status: 'open' | 'closed';
  publishedAt: string;
  updatedAt: string;
}

export interface JobBoard {
  items: PublicJob[];
  total: number;
  totalOpen: number;
  countries: Record<string, number>;
  categories: Record<string, number>;
}

export interface JobFilters {
  country: string;
  category: string;
  q: string;
}

export function listJobs(filters: JobFilters, signal?: AbortSignal): Promise<JobBoard> {
  return ok(
    client.GET('/api/jobs', { params: { query: filters }, signal }),
  ) as Promise<unknown> as Promise<JobBoard>;
}

/** One public job; null when there is none (404: unknown or draft). */
export function getJob(id: string, signal?: AbortSignal): Promise<PublicJob | null> {
  return orNull(
    client.GET('/api/jobs/{job_id}', { params: { path: { job_id: id } }, signal }),
  ) as Promise<unknown> as Promise<PublicJob | null>;
}
