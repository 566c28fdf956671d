/** The pipeline board, its bulk move and the stage-time report (docs/pipeline.md, "Board and report"). */
import type { components, operations } from '@/generated/api';
import { apiHref, client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type Board = Schemas['BoardAnswer'];
export type BoardColumn = Schemas['BoardColumn'];
export type BoardCard = Schemas['BoardCard'];
export type BulkMoveIn = Schemas['BulkMoveIn'];
export type BulkMoveAnswer = Schemas['BulkMoveAnswer'];
export type StageReport = Schemas['StageReportAnswer'];
export type StageTimeRow = Schemas['StageTimeRow'];
export type StaffMember = Schemas['AdminStaffMember'];
export type EmployerOut = Schemas['EmployerOut'];

export type BoardQuery = NonNullable<operations['ApiAdminPipelineBoardBoard']['parameters']['query']>;
export type ReportQuery = NonNullable<operations['ApiAdminPipelineReportReport']['parameters']['query']>;

/** Only the filters that are set go to the server. */
function present<T extends Record<string, string | undefined>>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as T;
}

export const getBoard = (query: BoardQuery, signal?: AbortSignal): Promise<Board> =>
  admin(client.GET('/api/admin/pipeline/board', { params: { query: present(query) }, signal }));

export const bulkMove = (body: BulkMoveIn): Promise<BulkMoveAnswer> =>
  admin(client.POST('/api/admin/pipeline/moves', { body }));

export const getReport = (query: ReportQuery, signal?: AbortSignal): Promise<StageReport> =>
  admin(client.GET('/api/admin/pipeline/report', { params: { query: present(query) }, signal }));

/** The CSV download's address (a plain link: the browser sends the session cookie). */
export function reportCsvHref(query: ReportQuery): string {
  return apiHref('/api/admin/pipeline/report.csv', { query: present(query) });
}

export const listStaffMembers = (signal?: AbortSignal): Promise<Schemas['StaffList']> =>
  admin(client.GET('/api/admin/staff', { signal }));

export const listAllEmployers = (signal?: AbortSignal): Promise<{ items: EmployerOut[] }> =>
  admin(client.GET('/api/admin/employers', { params: { query: { page: 1, pageSize: 100 } }, signal }));
