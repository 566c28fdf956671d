/** The fee policy (issue 26) and an application's refunds. */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from './client';

export type FeePolicy = components['schemas']['FeePolicyBody'];
export type FeeRule = components['schemas']['FeeRuleBody'];
export type FeePolicyInput = Pick<
  FeePolicy,
  'defaultAmount' | 'defaultReason' | 'countries' | 'jobs' | 'refundRules'
>;

export const getFeePolicy = (signal?: AbortSignal): Promise<FeePolicy> =>
  admin(client.GET('/api/admin/fee-policy', { signal }));
export const saveFeePolicy = (policy: FeePolicyInput): Promise<FeePolicy> =>
  admin(client.PUT('/api/admin/fee-policy', { body: policy }));

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
