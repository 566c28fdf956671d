/** An approved applicant's stage after approval and the moves staff make (docs/pipeline.md). */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type Pipeline = Schemas['PipelineAnswer'];
export type PipelineMove = Schemas['PipelineMove'];
export type MoveRequest = Schemas['MoveRequest'];
export type StageKey = Schemas['StageKey'];
export type CloseReason = Schemas['CloseReason'];
export type StageOption = Schemas['StageOption'];

const path = (applicationId: string) => ({ path: { application_id: applicationId } });

export const getPipeline = (applicationId: string, signal?: AbortSignal): Promise<Pipeline> =>
  admin(
    client.GET('/api/admin/applications/{application_id}/pipeline', { params: path(applicationId), signal }),
  );

export const moveApplicant = (applicationId: string, body: MoveRequest): Promise<Pipeline> =>
  admin(
    client.POST('/api/admin/applications/{application_id}/pipeline/moves', {
      params: path(applicationId),
      body,
    }),
  );
