/** Every call of docs/admin-api.md, typed. */
import { adminApi, adminRequest, queryString } from './client';
import type {
  AdminBlogPost,
  AdminJob,
  AdminSettings,
  AdminUser,
  ApplicationDetail,
  ApplicationStatus,
  ApplicationSummary,
  Appointment,
  AuditEntry,
  BlogPostInput,
  ContactMessage,
  Dashboard,
  Job,
  JobAlertSubscriber,
  JobInput,
  NewsletterSubscriber,
  Page,
  UploadedImage,
} from './types';

// Session ------------------------------------------------------------------
export const getSession = (signal?: AbortSignal) =>
  adminRequest<AdminUser>('/session', signal ? { signal, sessionCall: true } : { sessionCall: true });
export const signIn = (email: string, password: string) =>
  adminRequest<AdminUser>('/session', { method: 'POST', body: { email, password }, sessionCall: true });
export const signOut = () => adminRequest<null>('/session', { method: 'DELETE', sessionCall: true });
export const getDemoCredentials = (signal?: AbortSignal) =>
  adminRequest<{ email: string; password: string }>(
    '/demo-credentials',
    signal ? { signal, sessionCall: true } : { sessionCall: true },
  );

// Dashboard ----------------------------------------------------------------
export const getDashboard = (signal?: AbortSignal) => adminApi.get<Dashboard>('/dashboard', signal);

// Applications -------------------------------------------------------------
export interface ApplicationFilters {
  q: string;
  status: string;
  jobCategory: string;
  preferredCountry: string;
  from: string;
  to: string;
  payment: string;
  /** The job applied for (the job filter, or the Jobs list's applications link). */
  jobId: string;
  /** A quick view: today, new or unread (api/views.ts). */
  view: string;
  /** A staff member's id, or "me": the applications they look after. */
  owner: string;
}
export const emptyApplicationFilters: ApplicationFilters = {
  q: '',
  status: '',
  jobCategory: '',
  preferredCountry: '',
  from: '',
  to: '',
  payment: '',
  jobId: '',
  view: '',
  owner: '',
};
export const listApplications = (
  filters: ApplicationFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  adminApi.get<Page<ApplicationSummary>>(
    `/applications${queryString({ ...filters, page, pageSize })}`,
    signal,
  );
export const getApplication = (id: string, signal?: AbortSignal) =>
  adminApi.get<ApplicationDetail>(`/applications/${encodeURIComponent(id)}`, signal);
export const setApplicationStatus = (id: string, status: ApplicationStatus) =>
  adminApi.post<ApplicationDetail>(`/applications/${encodeURIComponent(id)}/status`, { status });

// Appointments -------------------------------------------------------------
export const listAppointments = (
  status: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  view = '',
) => adminApi.get<Page<Appointment>>(`/appointments${queryString({ status, page, pageSize, view })}`, signal);
export const setAppointmentStatus = (reference: string, status: 'attended' | 'no_show' | 'cancelled') =>
  adminApi.post<Appointment>(`/appointments/${encodeURIComponent(reference)}/status`, { status });

// Messages -----------------------------------------------------------------
export const listMessages = (page: number, pageSize: number, signal?: AbortSignal, view = '') =>
  adminApi.get<Page<ContactMessage>>(`/messages${queryString({ page, pageSize, view })}`, signal);
export const markMessageRead = (id: string) =>
  adminApi.post<ContactMessage>(`/messages/${encodeURIComponent(id)}/read`);

// Jobs ---------------------------------------------------------------------
export const listJobs = (status: string, page: number, pageSize: number, signal?: AbortSignal) =>
  adminApi.get<Page<Job>>(`/jobs${queryString({ status, page, pageSize })}`, signal);
export const createJob = (job: JobInput) => adminApi.post<AdminJob>('/jobs', job);
export const updateJob = (id: string, job: JobInput) =>
  adminApi.put<AdminJob>(`/jobs/${encodeURIComponent(id)}`, job);
export const deleteJob = (id: string) => adminApi.delete(`/jobs/${encodeURIComponent(id)}`);

// Blog posts ---------------------------------------------------------------
export const listBlogPosts = (page: number, pageSize: number, signal?: AbortSignal) =>
  adminApi.get<Page<AdminBlogPost>>(`/blog-posts${queryString({ page, pageSize })}`, signal);
export const createBlogPost = (post: BlogPostInput) => adminApi.post<AdminBlogPost>('/blog-posts', post);
export const updateBlogPost = (id: string, post: BlogPostInput) =>
  adminApi.put<AdminBlogPost>(`/blog-posts/${encodeURIComponent(id)}`, post);
export const deleteBlogPost = (id: string) => adminApi.delete(`/blog-posts/${encodeURIComponent(id)}`);
export function uploadBlogImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return adminRequest<UploadedImage>('/blog-posts/images', { method: 'POST', body: form });
}

// Subscribers --------------------------------------------------------------
export const listNewsletter = (page: number, pageSize: number, signal?: AbortSignal) =>
  adminApi.get<Page<NewsletterSubscriber>>(
    `/subscribers/newsletter${queryString({ page, pageSize })}`,
    signal,
  );
export const listJobAlerts = (page: number, pageSize: number, signal?: AbortSignal) =>
  adminApi.get<Page<JobAlertSubscriber>>(`/subscribers/job-alerts${queryString({ page, pageSize })}`, signal);

// Settings and audit -------------------------------------------------------
export const getSettings = (signal?: AbortSignal) => adminApi.get<AdminSettings>('/settings', signal);
export const saveSettings = (settings: AdminSettings) => adminApi.put<AdminSettings>('/settings', settings);
export const listAudit = (page: number, pageSize: number, signal?: AbortSignal) =>
  adminApi.get<Page<AuditEntry>>(`/audit-log${queryString({ page, pageSize })}`, signal);
