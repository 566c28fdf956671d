import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';
import type { components } from '@/generated/api';

export type PhoneToConfirm = components['schemas']['PhoneToConfirm'];
export type ConfirmedPhone = components['schemas']['ConfirmedPhone'];

/** Applications whose stored phone may be another agency country's, newest first. */
export function phonesToConfirm(signal?: AbortSignal): Promise<{ items: PhoneToConfirm[] }> {
  return admin(client.GET('/api/admin/phones-to-confirm', { signal }));
}

/** Keep the phone as the chosen country's number (audited). */
export function confirmPhone(applicationId: string, region: string): Promise<ConfirmedPhone> {
  return admin(
    client.POST('/api/admin/phones-to-confirm/{application_id}', {
      params: { path: { application_id: applicationId } },
      body: { region },
    }),
  );
}
