/** The newsletter's admin calls (README "Newsletter"), typed from the generated OpenAPI types. */
import type { components } from '@/generated/api';
import { adminApi } from './client';

type Schemas = components['schemas'];
export type NewsletterIssue = Schemas['AdminNewsletterIssue'];
export type NewsletterOverview = Schemas['NewsletterOverview'];
export type NewsletterDraft = Schemas['NewsletterDraft'];
export type NewsletterSent = Schemas['NewsletterSent'];

export const getNewsletter = (signal?: AbortSignal) =>
  adminApi.get<NewsletterOverview>('/newsletter', signal);
export const getDigest = () => adminApi.get<NewsletterDraft>('/newsletter/digest');
export const getIssue = (id: string) =>
  adminApi.get<NewsletterIssue>(`/newsletter/issues/${encodeURIComponent(id)}`);
export const createIssue = (draft: NewsletterDraft) =>
  adminApi.post<NewsletterIssue>('/newsletter/issues', draft);
export const updateIssue = (id: string, draft: NewsletterDraft) =>
  adminApi.put<NewsletterIssue>(`/newsletter/issues/${encodeURIComponent(id)}`, draft);
export const sendTest = (id: string) =>
  adminApi.post<NewsletterIssue>(`/newsletter/issues/${encodeURIComponent(id)}/test`);
export const sendIssue = (id: string) =>
  adminApi.post<NewsletterSent>(`/newsletter/issues/${encodeURIComponent(id)}/send`);
