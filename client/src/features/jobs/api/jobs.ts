import { ApiError, api } from '@/lib/api-client';

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
  const query = new URLSearchParams();
  for (const key of ['country', 'category', 'q'] as const) if (filters[key]) query.set(key, filters[key]);
  const qs = query.toString();
  return api.get<JobBoard>(`/jobs${qs ? `?${qs}` : ''}`, signal);
}

/** GET /api/jobs/{id}; null when there is no such public job (404: unknown or draft). */
export async function getJob(id: string, signal?: AbortSignal): Promise<PublicJob | null> {
  try {
    return await api.get<PublicJob>(`/jobs/${encodeURIComponent(id)}`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
