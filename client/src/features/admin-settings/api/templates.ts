import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type TemplateSummary = Schemas['TemplateSummary'];
export type TemplateDetail = Schemas['TemplateDetail'];
export type TemplatePreview = Schemas['TemplatePreview'];
export type TemplateList = Schemas['TemplateList'];

const template = (key: string) => ({ path: { key } });

/** Every message template with the text in force. */
export function listTemplates(signal?: AbortSignal): Promise<TemplateList> {
  return admin(client.GET('/api/admin/templates', { signal }));
}

/** One template, its placeholders and versions (newest first). */
export function getTemplate(key: string, signal?: AbortSignal): Promise<TemplateDetail> {
  return admin(client.GET('/api/admin/templates/{key}', { params: template(key), signal }));
}

/** The server renders, counts and judges the text. */
export function previewTemplate(key: string, text: string): Promise<TemplatePreview> {
  return admin(client.POST('/api/admin/templates/{key}/preview', { params: template(key), body: { text } }));
}

/** A new version (422 with `errors.text` when refused). */
export function saveTemplate(key: string, text: string): Promise<TemplateDetail> {
  return admin(client.PUT('/api/admin/templates/{key}', { params: template(key), body: { text } }));
}

/** An old version (0: the default) as a new one. */
export function restoreTemplate(key: string, version: number): Promise<TemplateDetail> {
  return admin(
    client.POST('/api/admin/templates/{key}/restore', { params: template(key), body: { version } }),
  );
}
