import type { components } from '@/generated/api';

/** A published post as `GET /api/blog-posts/{post_id}` gives it. */
export type BlogPost = components['schemas']['BlogPostOut'];

/** A post in a list (`GET /api/blog-posts`, the data block of `/blog` and its listings): no content. */
export type BlogPostSummary = components['schemas']['BlogPostSummaryOut'];
