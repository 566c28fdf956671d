/** The newsletter's admin calls (docs/newsletter.md). */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type NewsletterIssue = Schemas['AdminNewsletterIssue'];
export type NewsletterOverview = Schemas['NewsletterOverview'];
export type NewsletterDraft = Schemas['NewsletterDraft'];
export type NewsletterSent = Schemas['NewsletterSent'];

const issue = (id: string) => ({ params: { path: { issue_id: id } } });

export const getNewsletter = (signal?: AbortSignal): Promise<NewsletterOverview> =>
  admin(client.GET('/api/admin/newsletter', { signal }));
export const getDigest = (): Promise<NewsletterDraft> => admin(client.GET('/api/admin/newsletter/digest'));
export const getIssue = (id: string): Promise<NewsletterIssue> =>
  admin(client.GET('/api/admin/newsletter/issues/{issue_id}', issue(id)));
export const createIssue = (draft: NewsletterDraft): Promise<NewsletterIssue> =>
  admin(client.POST('/api/admin/newsletter/issues', { body: draft }));
export const updateIssue = (id: string, draft: NewsletterDraft): Promise<NewsletterIssue> =>
  admin(client.PUT('/api/admin/newsletter/issues/{issue_id}', { ...issue(id), body: draft }));
export const sendTest = (id: string): Promise<NewsletterIssue> =>
  admin(client.POST('/api/admin/newsletter/issues/{issue_id}/test', issue(id)));
export const sendIssue = (id: string): Promise<NewsletterSent> =>
  admin(client.POST('/api/admin/newsletter/issues/{issue_id}/send', issue(id)));
