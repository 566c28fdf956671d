import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

export type FeePolicy = components['schemas']['FeePolicyOut'];
export type FeeRule = components['schemas']['FeeRuleOut'];

/** The fee policy in force, as the Terms page shows it. */
export const getFeePolicy = (signal: AbortSignal): Promise<FeePolicy> =>
  ok(client.GET('/api/fees', { signal }));
