/** An application's refunds. */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

export type Refunds = components['schemas']['RefundsBody'];
export type RefundItem = components['schemas']['RefundBody'];

const refunds = (applicationId: string) => ({ path: { application_id: applicationId } });

export const getRefunds = (applicationId: string, signal?: AbortSignal): Promise<Refunds> =>
  admin(
    client.GET('/api/admin/applications/{application_id}/refunds', {
      params: refunds(applicationId),
      signal,
    }),
  );
export const requestRefund = (
  applicationId: string,
  body: { amount: string; reason: string },
): Promise<Refunds> =>
  admin(
    client.POST('/api/admin/applications/{application_id}/refunds', { params: refunds(applicationId), body }),
  );
