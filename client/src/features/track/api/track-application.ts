import { api } from '@/lib/api-client';

export type ApplicationStatus = 'received' | 'processing' | 'approved' | 'rejected';

export interface StatusChange {
  status: ApplicationStatus;
  /** UTC, ISO 8601. */
  at: string;
}

export interface TrackedApplication {
  applicationId: string;
  status: ApplicationStatus;
  submittedAt: string;
  jobCategory: string;
  preferredCountry: string;
  history: StatusChange[];
  /** The job opening applied for ({id, title}); null for an application to a category. */
  job: { id: string; title: string } | null;
  /** The processing fee: {status: unpaid|pending|paid|failed|none, paidAt, reason?, receiptNumber?, receiptUrl?}. */
  payment: TrackedPayment | null;
  /** The texts sent to the applicant about it (absent from a server before delivery reports). */
  messages?: TrackedMessage[];
}

export interface TrackedMessage {
  /** When the text was sent (or queued), UTC, ISO 8601. */
  at: string;
  /** From the SMS gateway's delivery reports. */
  delivery: 'delivered' | 'not delivered';
}

/** POST /api/track: 200 the application; 404 {message} for an unknown ID or a wrong pair; 422 {errors}; 429. */
export function trackApplication(applicationId: string, contact: string): Promise<TrackedApplication> {
  return api.post<TrackedApplication>('/track', { applicationId, contact });
}

export interface TrackedPayment {
  /** `none`: the fee policy gave this application no fee (`reason` says why). */
  status: 'unpaid' | 'pending' | 'paid' | 'failed' | 'none';
  paidAt: string | null;
  reason?: string;
  /** A paid fee's receipt: its number and the page that shows it (printable). */
  receiptNumber?: string;
  receiptUrl?: string;
  /** Set once part or all of a paid fee was refunded. */
  refundStatus?: 'refunded' | 'partly refunded';
  /** What was refunded: "USD 20". */
  refunded?: string;
}
