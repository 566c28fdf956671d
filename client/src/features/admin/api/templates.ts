import type { components } from '@/generated/api';
import { adminApi } from './client';

type Schemas = components['schemas'];
export type TemplateSummary = Schemas['TemplateSummary'];
export type TemplateDetail = Schemas['TemplateDetail'];
export type TemplatePreview = Schemas['TemplatePreview'];
export type TemplateList = Schemas['TemplateList'];

const path = (key: string) => `/templates/${encodeURIComponent(key)}`;

/** GET /api/admin/templates: every message template with the text in force. */
export function listTemplates(signal?: AbortSignal): Promise<TemplateList> {
  return adminApi.get<TemplateList>('/templates', signal);
}

/** GET /api/admin/templates/{key}: one template, its placeholders and versions (newest first). */
export function getTemplate(key: string, signal?: AbortSignal): Promise<TemplateDetail> {
  return adminApi.get<TemplateDetail>(path(key), signal);
}

/** POST /api/admin/templates/{key}/preview: the server renders, counts and judges the text. */
export function previewTemplate(key: string, text: string): Promise<TemplatePreview> {
  return adminApi.post<TemplatePreview>(`${path(key)}/preview`, { text });
}

/** PUT /api/admin/templates/{key}: a new version (422 with `errors.text` when refused). */
export function saveTemplate(key: string, text: string): Promise<TemplateDetail> {
  return adminApi.put<TemplateDetail>(path(key), { text });
}

/** POST /api/admin/templates/{key}/restore: an old version (0: the default) as a new one. */
export function restoreTemplate(key: string, version: number): Promise<TemplateDetail> {
  return adminApi.post<TemplateDetail>(`${path(key)}/restore`, { version });
}
