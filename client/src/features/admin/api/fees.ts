/** The fee policy (issue 26): GET/PUT /api/admin/fee-policy. */
import type { components } from '@/generated/api';
import { adminApi } from './client';

export type FeePolicy = components['schemas']['FeePolicyBody'];
export type FeeRule = components['schemas']['FeeRuleBody'];
export type FeePolicyInput = Pick<
  FeePolicy,
  'defaultAmount' | 'defaultReason' | 'countries' | 'jobs' | 'refundRules'
>;

export const getFeePolicy = (signal?: AbortSignal) => adminApi.get<FeePolicy>('/fee-policy', signal);
export const saveFeePolicy = (policy: FeePolicyInput) => adminApi.put<FeePolicy>('/fee-policy', policy);

export type Refunds = components['schemas']['RefundsBody'];
export type RefundItem = components['schemas']['RefundBody'];

const refundsPath = (applicationId: string) => `/applications/${encodeURIComponent(applicationId)}/refunds`;

export const getRefunds = (applicationId: string, signal?: AbortSignal) =>
  adminApi.get<Refunds>(refundsPath(applicationId), signal);
export const requestRefund = (applicationId: string, body: { amount: string; reason: string }) =>
  adminApi.post<Refunds>(refundsPath(applicationId), body);
