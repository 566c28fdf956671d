/** The CV packs' calls (issue 46 items 3-5): an order's packs, send, revoke, release a CV; candidates to pick. */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin, type ApplicationSummary, type Page } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type Pack = Schemas['PackOut'];
export type Decision = Schemas['DecisionOut'];
export type SentPack = Schemas['SentPackOut'];
export type Contact = Schemas['ContactOut'];

const order = (orderId: string) => ({ order_id: orderId });
const pack = (orderId: string, packId: string) => ({ order_id: orderId, pack_id: packId });

export const listPacks = async (orderId: string, signal?: AbortSignal): Promise<Pack[]> =>
  (
    await admin(
      client.GET('/api/admin/job-orders/{order_id}/packs', { params: { path: order(orderId) }, signal }),
    )
  ).items;
export const sendPack = (
  orderId: string,
  contactEmail: string,
  applicationIds: string[],
): Promise<SentPack> =>
  admin(
    client.POST('/api/admin/job-orders/{order_id}/packs', {
      params: { path: order(orderId) },
      body: { contactEmail, applicationIds },
    }),
  );
export const revokePack = (orderId: string, packId: string): Promise<Pack> =>
  admin(
    client.POST('/api/admin/job-orders/{order_id}/packs/{pack_id}/revoke', {
      params: { path: pack(orderId, packId) },
    }),
  );
export const releaseCv = (orderId: string, packId: string, code: string): Promise<Pack> =>
  admin(
    client.POST('/api/admin/job-orders/{order_id}/packs/{pack_id}/candidates/{code}/release', {
      params: { path: { ...pack(orderId, packId), code } },
    }),
  );

/** The employer's contacts a pack may go to (those with an e-mail). */
export const employerContacts = async (employerId: string, signal?: AbortSignal): Promise<Contact[]> =>
  (
    await admin(
      client.GET('/api/admin/employers/{employer_id}', {
        params: { path: { employer_id: employerId } },
        signal,
      }),
    )
  ).contacts.filter((contact) => contact.email);

/** Approved applicants, found by name, e-mail, phone or ID as on the applications list. */
export const findCandidates = (q: string, signal?: AbortSignal): Promise<Page<ApplicationSummary>> =>
  admin(
    client.GET('/api/admin/applications', {
      params: { query: { q, status: 'approved', page: 1, pageSize: 20 } },
      signal,
    }),
  );
