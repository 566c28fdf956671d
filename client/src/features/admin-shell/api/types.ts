/**
 * The admin API's bodies, generated from the server's OpenAPI document (`make api-types` writes
 * `src/generated/api.ts`; a test fails when it is stale). Only the few client-side constants are
 * written here.
 */
import type { components } from '@/generated/api';

type Schemas = components['schemas'];

export type AdminUser = Schemas['SessionUser'];

/** One page of a list (every list route answers the same fields around its items). */
export type Page<T> = Omit<Schemas['Page_app.admin.schemas.settings.AuditEntry_'], 'items'> & { items: T[] };

export type ApplicationStatus = Schemas['ApplicationStatus'];
export const APPLICATION_STATUSES = [
  'received',
  'processing',
  'approved',
  'rejected',
] as const satisfies readonly ApplicationStatus[];

/** The processing fee's state (issue 14). */
export type PaymentState = Schemas['PaymentState'];
export const PAYMENT_STATES = [
  'unpaid',
  'pending',
  'paid',
  'failed',
] as const satisfies readonly PaymentState[];
/** The payment as the list shows and filters it: a paid fee with processed refunds is (partly) refunded. */
export type ShownPayment = Schemas['ShownPayment'];
export const SHOWN_PAYMENTS = [
  ...PAYMENT_STATES,
  'refunded',
  'partly refunded',
] as const satisfies readonly ShownPayment[];

export type ApplicationSummary = Schemas['ApplicationSummary'];
export type ApplicationFile = Schemas['ApplicationFile'];
export type SmsRecord = Schemas['SmsRecord'];
export type ApplicationDetail = Schemas['ApplicationDetail'];
export type Dashboard = Schemas['Dashboard'];

export type AppointmentStatus = Schemas['AppointmentStatus'];
export type Appointment = Schemas['AdminAppointment'];
export type ContactMessage = Schemas['AdminMessage'];

export type JobStatus = Schemas['JobStatus'];
/** The job form's body (see `agency_core.jobs.JOB_FORM`). */
export type JobInput = Schemas['JobIn'];
/** A job as the list shows it (with the applications naming it); create and edit answer `AdminJob`. */
export type Job = Schemas['AdminJobRow'];
export type AdminJob = Schemas['AdminJob'];

/** The post form's body: the editor always sends every field. */
export type BlogPostInput = Required<Schemas['BlogPostIn']>;
export type AdminBlogPost = Schemas['AdminBlogPost'];

export type NewsletterSubscriber = Schemas['NewsletterSubscriber'];
export type JobAlertSubscriber = Schemas['JobAlertSubscriber'];

export type StatusSmsSwitches = Schemas['StatusSmsSwitches'];
export type AdminSettings = Schemas['AdminSettings'];
export type AuditEntry = Schemas['AuditEntry'];

export type DataRequestCounts = Schemas['HeldCounts'];
export type DataRequestResult = Schemas['DataRequestResult'];
export type Erased = Schemas['Erased'];
export type UploadedImage = Schemas['UploadedImage'];
