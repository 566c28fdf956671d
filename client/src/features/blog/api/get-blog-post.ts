import { client, orNull } from '@/lib/api-client';
import type { BlogPost } from './types';

/** One published post; null when it does not exist (404). */
export function getBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost | null> {
  return orNull(client.GET('/api/blog-posts/{post_id}', { params: { path: { post_id: id } }, signal }));
}
