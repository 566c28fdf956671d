import { api } from '@/lib/api-client';
import type { BlogPost, BlogPostList } from './types';

/** GET /api/blog-posts: published posts, newest first. */
export async function getBlogPosts(signal?: AbortSignal): Promise<BlogPost[]> {
  const body = await api.get<BlogPostList>('/blog-posts', signal);
  return body.items;
}
