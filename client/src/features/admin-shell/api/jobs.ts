/** The jobs list: the jobs page's table and the applications list's job filter. */
import type { operations } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from './client';
import type { Job, Page } from './types';

type JobQuery = NonNullable<operations['ApiAdminJobsListJobs']['parameters']['query']>;
export const listJobs = (
  status: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<Job>> =>
  admin(client.GET('/api/admin/jobs', { params: { query: { status, page, pageSize } as JobQuery }, signal }));
