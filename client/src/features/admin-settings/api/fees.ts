/** The fee policy (issue 26). */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

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
