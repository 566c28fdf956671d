/** The operations page's one call: the figures /metrics gives (issue 47 item 8). */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

export type Operations = components['schemas']['OperationsPage'];

export function readOperations(signal?: AbortSignal): Promise<Operations> {
  return admin(client.GET('/api/admin/operations', { signal }));
}
