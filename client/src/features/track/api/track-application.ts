import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

type Schemas = components['schemas'];

export type ApplicationStatus = Schemas['ApplicationStatus'];

/** UTC, ISO 8601. */
export type StatusChange = Schemas['StatusChangeOut'];

/** A text sent to the applicant (or queued), with its delivery from the SMS gateway's reports. */
export type TrackedMessage = Schemas['TrackedMessageOut'];

/** `none`: the fee policy gave this application no fee (`reason` says why). */
export type TrackedPayment = Schemas['TrackedPaymentOut'];

export type TrackedApplication = Schemas['TrackedApplicationOut'];

/** `stopped`: an opt-in stood and is stopped now. */
export type WhatsAppStopped = Schemas['WhatsAppStopOut'];

/** Stops WhatsApp updates on /track's own proof: 200 {stopped}; 404 {message} as /track; 422; 429. */
export async function stopWhatsAppUpdates(applicationId: string, contact: string): Promise<WhatsAppStopped> {
  return ok(client.POST('/api/track/whatsapp-stop', { body: { applicationId, contact } }));
}

/** 200 the application; 404 {message} for an unknown ID or a wrong pair; 422 {errors}; 429. */
export async function trackApplication(applicationId: string, contact: string): Promise<TrackedApplication> {
  return ok(client.POST('/api/track', { body: { applicationId, contact } }));
}
