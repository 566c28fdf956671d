import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

type Schemas = components['schemas'];

export type ApplicationStatus = 'received' | 'processing' | 'approved' | 'rejected';

/** UTC, ISO 8601. */
export type StatusChange = Omit<Schemas['StatusChangeOut'], 'status'> & { status: ApplicationStatus };

/** A text sent to the applicant (or queued), with its delivery from the SMS gateway's reports. */
export type TrackedMessage = Omit<Schemas['TrackedMessageOut'], 'delivery'> & {
  delivery: 'delivered' | 'not delivered';
};

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

/**
 * The answer (`TrackedApplicationOut`), with the fields its schema leaves open (free text, objects)
 * narrowed to what the server writes in them.
 */
export type TrackedApplication = Omit<
  Schemas['TrackedApplicationOut'],
  'status' | 'history' | 'job' | 'payment' | 'messages'
> & {
  status: ApplicationStatus;
  history: StatusChange[];
  /** The job opening applied for ({id, title}); null for an application to a category. */
  job: { id: string; title: string } | null;
  payment: TrackedPayment | null;
  /** The texts sent to the applicant about it (absent from a server before delivery reports). */
  messages?: TrackedMessage[];
};

/** 200 the application; 404 {message} for an unknown ID or a wrong pair; 422 {errors}; 429. */
export async function trackApplication(applicationId: string, contact: string): Promise<TrackedApplication> {
  const tracked = await ok(client.POST('/api/track', { body: { applicationId, contact } }));
  return tracked as unknown as TrackedApplication;
}
