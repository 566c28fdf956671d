/** The admin API's calls, each a route of the generated `paths` through the one client. */
import type { components, operations } from '@/generated/api';
import { client, ok } from '@/lib/api-client';
import { admin } from './client';
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

type ImageUpload = components['schemas']['ImageUpload'];

// Session ------------------------------------------------------------------
// Session calls answer 401 as a normal "signed out": `ok`, not the guarded `admin`.
export const getSession = (signal?: AbortSignal): Promise<AdminUser> =>
  ok(client.GET('/api/admin/session', { signal }));
export const signIn = (email: string, password: string): Promise<AdminUser> =>
  ok(client.POST('/api/admin/session', { body: { email, password } }));
export const signOut = () => ok(client.DELETE('/api/admin/session'));
export const getDemoCredentials = (signal?: AbortSignal) =>
  ok(client.GET('/api/admin/demo-credentials', { signal }));

// Dashboard ----------------------------------------------------------------
export const getDashboard = (signal?: AbortSignal): Promise<Dashboard> =>
  admin(client.GET('/api/admin/dashboard', { signal }));

// Applications -------------------------------------------------------------
type ApplicationQuery = NonNullable<
  operations['ApiAdminApplicationsListApplications']['parameters']['query']
>;
/** The list's filters as the form holds them ('' for "any"); the keys are the route's query parameters. */
export type ApplicationFilters = Record<Exclude<keyof ApplicationQuery, 'page' | 'pageSize'>, string>;
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
/** The filters that are set, as a bulk action's `matching`: the list's query by the same names and values. */
export const applicationFilter = (filters: ApplicationFilters) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value),
  ) as components['schemas']['ApplicationFilter'];
/** The filters as the route's query: an empty filter is left out of the URL (see `querySerializer`). */
export const applicationQuery = (filters: ApplicationFilters) => filters as ApplicationQuery;

export const listApplications = (
  filters: ApplicationFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<ApplicationSummary>> =>
  admin(
    client.GET('/api/admin/applications', {
      params: { query: { ...applicationQuery(filters), page, pageSize } },
      signal,
    }),
  );
export const getApplication = (id: string, signal?: AbortSignal): Promise<ApplicationDetail> =>
  admin(
    client.GET('/api/admin/applications/{application_id}', {
      params: { path: { application_id: id } },
      signal,
    }),
  );
export const setApplicationStatus = (id: string, status: ApplicationStatus): Promise<ApplicationDetail> =>
  admin(
    client.POST('/api/admin/applications/{application_id}/status', {
      params: { path: { application_id: id } },
      body: { status },
    }),
  );

// Appointments -------------------------------------------------------------
type AppointmentQuery = NonNullable<
  operations['ApiAdminAppointmentsListAppointments']['parameters']['query']
>;
export const listAppointments = (
  status: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  view = '',
): Promise<Page<Appointment>> =>
  admin(
    client.GET('/api/admin/appointments', {
      params: { query: { status, view, page, pageSize } as AppointmentQuery },
      signal,
    }),
  );
export const setAppointmentStatus = (
  reference: string,
  status: 'attended' | 'no_show' | 'cancelled',
): Promise<Appointment> =>
  admin(
    client.POST('/api/admin/appointments/{reference}/status', {
      params: { path: { reference } },
      body: { status },
    }),
  );

// Messages -----------------------------------------------------------------
type MessageQuery = NonNullable<operations['ApiAdminMessagesListMessages']['parameters']['query']>;
export const listMessages = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  view = '',
): Promise<Page<ContactMessage>> =>
  admin(
    client.GET('/api/admin/messages', {
      params: { query: { page, pageSize, view } as MessageQuery },
      signal,
    }),
  );
export const markMessageRead = (id: string): Promise<ContactMessage> =>
  admin(client.POST('/api/admin/messages/{message_id}/read', { params: { path: { message_id: id } } }));

// Jobs ---------------------------------------------------------------------
type JobQuery = NonNullable<operations['ApiAdminJobsListJobs']['parameters']['query']>;
export const listJobs = (
  status: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<Job>> =>
  admin(client.GET('/api/admin/jobs', { params: { query: { status, page, pageSize } as JobQuery }, signal }));
export const createJob = (job: JobInput): Promise<AdminJob> =>
  admin(client.POST('/api/admin/jobs', { body: job }));
export const updateJob = (id: string, job: JobInput): Promise<AdminJob> =>
  admin(client.PUT('/api/admin/jobs/{job_id}', { params: { path: { job_id: id } }, body: job }));
export const deleteJob = (id: string) =>
  admin(client.DELETE('/api/admin/jobs/{job_id}', { params: { path: { job_id: id } } }));

// Blog posts ---------------------------------------------------------------
export const listBlogPosts = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<AdminBlogPost>> =>
  admin(client.GET('/api/admin/blog-posts', { params: { query: { page, pageSize } }, signal }));
export const createBlogPost = (post: BlogPostInput): Promise<AdminBlogPost> =>
  admin(client.POST('/api/admin/blog-posts', { body: post }));
export const updateBlogPost = (id: string, post: BlogPostInput): Promise<AdminBlogPost> =>
  admin(client.PUT('/api/admin/blog-posts/{post_id}', { params: { path: { post_id: id } }, body: post }));
export const deleteBlogPost = (id: string) =>
  admin(client.DELETE('/api/admin/blog-posts/{post_id}', { params: { path: { post_id: id } } }));
/** A multipart upload (the browser sets the boundary) of the part the generated `ImageUpload` names. */
export function uploadBlogImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image' satisfies keyof ImageUpload, file);
  return admin(client.POST('/api/admin/blog-posts/images', { body: {}, bodySerializer: () => form }));
}

// Subscribers --------------------------------------------------------------
export const listNewsletter = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<NewsletterSubscriber>> =>
  admin(client.GET('/api/admin/subscribers/newsletter', { params: { query: { page, pageSize } }, signal }));
export const listJobAlerts = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<JobAlertSubscriber>> =>
  admin(client.GET('/api/admin/subscribers/job-alerts', { params: { query: { page, pageSize } }, signal }));

// Settings and audit -------------------------------------------------------
export const getSettings = (signal?: AbortSignal): Promise<AdminSettings> =>
  admin(client.GET('/api/admin/settings', { signal }));
export const saveSettings = (settings: AdminSettings): Promise<AdminSettings> =>
  admin(client.PUT('/api/admin/settings', { body: settings }));
export const listAudit = (page: number, pageSize: number, signal?: AbortSignal): Promise<Page<AuditEntry>> =>
  admin(client.GET('/api/admin/audit-log', { params: { query: { page, pageSize } }, signal }));
