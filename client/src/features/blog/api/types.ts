import type { components } from '@/generated/api';

/** A published post as `GET /api/blog-posts` gives it (generated from the OpenAPI document). */
export type BlogPost = components['schemas']['BlogPostOut'];

export interface BlogPostList {
  items: BlogPost[];
}
