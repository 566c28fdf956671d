/** The subscribers' lists and their CSV exports. */
import { apiHref, client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';
import type { JobAlertSubscriber, NewsletterSubscriber, Page } from '@/features/admin-shell';

export const listNewsletter = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<NewsletterSubscriber>> =>
  admin(client.GET('/api/admin/subscribers/newsletter', { params: { query: { page, pageSize } }, signal }));
export const listJobAlerts = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<JobAlertSubscriber>> =>
  admin(client.GET('/api/admin/subscribers/job-alerts', { params: { query: { page, pageSize } }, signal }));

export const subscribersExportHref = {
  newsletter: apiHref('/api/admin/subscribers/newsletter/export.csv', {}),
  jobAlerts: apiHref('/api/admin/subscribers/job-alerts/export.csv', {}),
} as const;
