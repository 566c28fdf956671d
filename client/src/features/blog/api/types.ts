import type { components } from '@/generated/api';

/** A published post as `GET /api/blog-posts` gives it. */
export type BlogPost = components['schemas']['BlogPostOut'];
