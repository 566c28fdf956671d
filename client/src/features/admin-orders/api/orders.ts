/** The job orders' and job links' calls (issue 46): every route typed by `@/generated/api`. */
import type { components } from '@/generated/api';
import { apiHref, client } from '@/lib/api-client';
import { admin, type AdminJob, type Job, type JobInput } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type Order = Schemas['OrderOut'];
export type OrderInput = Schemas['OrderIn'];
export type ApprovalKind = Schemas['ApprovalKind'];
export type OrderFileKind = Schemas['OrderFileKind'];
export type JobLink = Schemas['JobLinkOut'];
type OrderFileUpload = Schemas['OrderFileUpload'];

export const listOrders = async (employerId: string, signal?: AbortSignal): Promise<Order[]> =>
  (await admin(client.GET('/api/admin/job-orders', { params: { query: { employerId } }, signal }))).items;
export const getOrder = (id: string, signal?: AbortSignal): Promise<Order> =>
  admin(client.GET('/api/admin/job-orders/{order_id}', { params: { path: { order_id: id } }, signal }));
export const createOrder = (body: OrderInput): Promise<Order> =>
  admin(client.POST('/api/admin/job-orders', { body }));
export const updateOrder = (id: string, body: OrderInput): Promise<Order> =>
  admin(client.PUT('/api/admin/job-orders/{order_id}', { params: { path: { order_id: id } }, body }));
export const setApproval = (id: string, kind: ApprovalKind, reference: string, version: number) =>
  admin(
    client.PUT('/api/admin/job-orders/{order_id}/approval', {
      params: { path: { order_id: id } },
      body: { kind, reference, expectedVersion: version },
    }),
  );
export const recordOverride = (id: string, reason: string, version: number) =>
  admin(
    client.PUT('/api/admin/job-orders/{order_id}/override', {
      params: { path: { order_id: id } },
      body: { reason, expectedVersion: version },
    }),
  );

/** A multipart upload (the browser sets the boundary) of the parts the generated `OrderFileUpload` names. */
export function uploadOrderFile(id: string, kind: OrderFileKind, file: File): Promise<Order> {
  const form = new FormData();
  form.append('kind' satisfies keyof OrderFileUpload, kind);
  form.append('file' satisfies keyof OrderFileUpload, file);
  return admin(
    client.POST('/api/admin/job-orders/{order_id}/files', {
      params: { path: { order_id: id } },
      body: {},
      bodySerializer: () => form,
    }),
  );
}
/** The audited download of an order's file (the browser sends the session cookie). */
export const orderFileHref = (orderId: string, fileId: string): string =>
  apiHref('/api/admin/job-orders/{order_id}/files/{file_id}', {
    path: { order_id: orderId, file_id: fileId },
  });

export const listJobLinks = async (signal?: AbortSignal): Promise<JobLink[]> =>
  (await admin(client.GET('/api/admin/job-links', { signal }))).items;
export const linkJob = (jobId: string, orderId: string): Promise<Order> =>
  admin(
    client.PUT('/api/admin/job-links/{job_id}', { params: { path: { job_id: jobId } }, body: { orderId } }),
  );
export const unlinkJob = (jobId: string) =>
  admin(client.DELETE('/api/admin/job-links/{job_id}', { params: { path: { job_id: jobId } } }));

/** The job's own fields as the job form's body, opened to the public: the server checks its order first. */
export function publishJob(job: Job): Promise<AdminJob> {
  const { id, applications: _a, salary: _s, createdAt: _c, updatedAt: _u, publishedAt: _p, ...fields } = job;
  const orNull = (text: string) => text || null;
  const body = {
    ...fields,
    ...{
      city: orNull(job.city),
      requirements: orNull(job.requirements),
      salaryRange: orNull(job.salaryRange),
    },
    ...{ employmentType: orNull(job.employmentType), salaryCurrency: orNull(job.salaryCurrency) },
    salaryPeriod: orNull(job.salaryPeriod),
    status: 'open',
  } as JobInput;
  return admin(client.PUT('/api/admin/jobs/{job_id}', { params: { path: { job_id: id } }, body }));
}
