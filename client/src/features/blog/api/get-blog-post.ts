import { ApiError, api } from '@/lib/api-client';
import type { BlogPost } from './types';

/** GET /api/blog-posts/{id}; resolves to null when the post does not exist (404). */
export async function getBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost | null> {
  try {
    return await api.get<BlogPost>(`/blog-posts/${encodeURIComponent(id)}`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
