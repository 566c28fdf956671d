import { client, ok } from '@/lib/api-client';
import type { BlogPostSummary } from './types';

/** Published posts, newest first, without their content (a list shows none). */
export async function getBlogPosts(signal?: AbortSignal): Promise<BlogPostSummary[]> {
  const body = await ok(client.GET('/api/blog-posts', { signal }));
  return body.items ?? [];
}
