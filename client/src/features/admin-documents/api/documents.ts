/** An applicant's documents, their departure gate, and the gates per destination (docs/pipeline-documents.md). */
import type { components } from '@/generated/api';
import { apiHref, client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type DocumentsAnswer = Schemas['DocumentsAnswer'];
export type DocumentVersion = Schemas['DocumentOut'];
export type DocumentKind = Schemas['DocumentKind'];
export type DocumentState = Schemas['DocumentState'];
export type KindForm = Schemas['KindOut'];
export type KindField = Schemas['FieldOut'];
export type DepartureGate = Schemas['GateOut'];
export type GateAnswer = Schemas['GateAnswer'];
export type GateSettings = Schemas['GateSettingsOut'];
export type GatesAnswer = Schemas['GatesAnswer'];
export type GateCheck = Schemas['GateCheck'];
type DocumentPart = keyof Schemas['DocumentForm'];
export type GateInput = Schemas['GateIn'];

const path = (applicationId: string) => ({ path: { application_id: applicationId } });

export const getDocuments = (applicationId: string, signal?: AbortSignal): Promise<DocumentsAnswer> =>
  admin(
    client.GET('/api/admin/applications/{application_id}/documents', { params: path(applicationId), signal }),
  );

/**
 * Records `kind` (a renewal when the applicant has one): the kind's fields by their names and the
 * optional scan, as multipart parts (the browser sets the boundary); a 422 names the same parts.
 */
export function recordDocument(
  applicationId: string,
  kind: DocumentKind,
  fields: Record<string, string>,
  scan: File | null,
): Promise<DocumentVersion> {
  const form = new FormData();
  form.append('kind' satisfies DocumentPart, kind);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (scan) form.append('file' satisfies DocumentPart, scan);
  return admin(
    client.POST('/api/admin/applications/{application_id}/documents', {
      params: path(applicationId),
      body: {},
      bodySerializer: () => form,
    }),
  );
}

/** The audited download of a version's scan (the browser sends the session cookie). */
export const scanHref = (applicationId: string, versionId: string): string =>
  apiHref('/api/admin/applications/{application_id}/documents/{version_id}/scan', {
    path: { application_id: applicationId, version_id: versionId },
  });

export const getGates = (signal?: AbortSignal): Promise<GatesAnswer> =>
  admin(client.GET('/api/admin/pipeline/gates', { signal }));

export const getGate = (destination: string, signal?: AbortSignal): Promise<GateAnswer> =>
  admin(client.GET('/api/admin/pipeline/gate', { params: { query: { destination } }, signal }));

export const setGate = (body: GateInput): Promise<GateAnswer> =>
  admin(client.PUT('/api/admin/pipeline/gate', { body }));

export type GateChange = Schemas['GateChangeOut'];

/** Removes a destination's own gate on the version read: it follows the default again (audited). */
export const removeGate = (destination: string, version: number): Promise<GateAnswer> =>
  admin(
    client.DELETE('/api/admin/pipeline/gates/{destination}', {
      params: { path: { destination }, query: { expectedVersion: String(version) } },
    }),
  );

/** Every gate change, the default's included, newest first. */
export const getGateChanges = async (signal?: AbortSignal): Promise<GateChange[]> =>
  (await admin(client.GET('/api/admin/pipeline/gate-changes', { signal }))).changes;
