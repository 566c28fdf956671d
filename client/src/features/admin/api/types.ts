export interface AdminUser {
  id: string;
  email: string;
  name: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const APPLICATION_STATUSES = ['received', 'processing', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The processing fee's state (issue 14). */
export const PAYMENT_STATES = ['unpaid', 'pending', 'paid', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface ApplicationSummary {
  applicationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobCategory: string;
  preferredCountry: string;
  jobId?: string | null;
  jobTitle?: string | null;
  status: ApplicationStatus;
  createdAt: string;
  opened: boolean;
  /** Absent from servers older than issue 14. */
  payment?: PaymentState;
}

export interface ApplicationFile {
  field: string;
  filename: string;
  size: number;
  contentType: string;
  url: string;
}

export interface SmsRecord {
  id: string;
  kind: string;
  phone: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface ApplicationDetail extends ApplicationSummary {
  paymentReference?: string | null;
  paymentAmount?: string | null;
  paymentCurrency?: string | null;
  paymentChannel?: string | null;
  paidAt?: string | null;
  files: ApplicationFile[];
  sms: SmsRecord[];
  [field: string]: unknown;
}

export interface Dashboard {
  totalApplications: number;
  activeJobs: number;
  newMessages: number;
  blogPosts: number;
  latestApplications: ApplicationSummary[];
  outbox: { pending: number; failedLast24h: number };
}

export type AppointmentStatus = 'booked' | 'done' | 'cancelled';

export interface Appointment {
  reference: string;
  fullName: string;
  email: string;
  phone: string;
  countryOfInterest: string | null;
  serviceType: string;
  preferredDate: string;
  preferredTime: string;
  message: string | null;
  status: AppointmentStatus;
  createdAt: string;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  service: string | null;
  subject: string;
  message: string;
  read: boolean;
  createdAt: string;
}

export type JobStatus = 'draft' | 'open' | 'closed';

/** The job form's body (see `agency_core.jobs.JOB_FORM`). */
export type JobInput = Record<string, unknown>;

export interface Job {
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
  salaryRange: string;
  salary: string;
  description: string;
  requirements: string;
  benefits: string[];
  closingDate: string | null;
  status: JobStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Applications naming this job (in the list only). */
  applications?: number;
}

export interface BlogPostInput {
  title: string;
  excerpt: string;
  image: string;
  author: string;
  date: string;
  category: string;
  tags: string[];
  readTime: string;
  content: string;
  featured: boolean;
  published: boolean;
}

export interface AdminBlogPost extends BlogPostInput {
  id: string;
}

export interface NewsletterSubscriber {
  id?: string;
  name: string;
  email: string;
  interests: string[];
  createdAt?: string;
}

export interface JobAlertSubscriber {
  id?: string;
  email: string;
  jobCategory: string;
  preferredCountry: string;
  salaryRange?: string | null;
  experienceLevel?: string | null;
  createdAt?: string;
}

export interface StatusSmsSwitches {
  received: boolean;
  processing: boolean;
  approved: boolean;
  rejected: boolean;
}

export interface AdminSettings {
  adminPhones: string[];
  smsSender: string;
  statusSms: StatusSmsSwitches;
}

export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  target: string;
  at: string;
}
