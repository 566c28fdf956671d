import { client, ok } from '@/lib/api-client';
import type { BlogPost } from './types';

/** Published posts, newest first. */
export async function getBlogPosts(signal?: AbortSignal): Promise<BlogPost[]> {
  const body = await ok(client.GET('/api/blog-posts', { signal }));
  return body.items ?? [];
}
