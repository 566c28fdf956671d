/** The employers' calls (issue 46): every route typed by `@/generated/api`. */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin, type Page } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type Employer = Schemas['EmployerOut'];
export type EmployerInput = Schemas['EmployerIn'];

export const EMPLOYERS_PAGE_SIZE = 20;

export const listEmployers = (q: string, page: number, signal?: AbortSignal): Promise<Page<Employer>> =>
  admin(
    client.GET('/api/admin/employers', {
      params: { query: { q, page, pageSize: EMPLOYERS_PAGE_SIZE } },
      signal,
    }),
  );
export const getEmployer = (id: string, signal?: AbortSignal): Promise<Employer> =>
  admin(client.GET('/api/admin/employers/{employer_id}', { params: { path: { employer_id: id } }, signal }));
export const createEmployer = (body: EmployerInput): Promise<Employer> =>
  admin(client.POST('/api/admin/employers', { body }));
export const updateEmployer = (id: string, body: EmployerInput): Promise<Employer> =>
  admin(client.PUT('/api/admin/employers/{employer_id}', { params: { path: { employer_id: id } }, body }));
