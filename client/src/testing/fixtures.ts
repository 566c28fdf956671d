import seed from '../../../src/adapters/seed/blog_posts.json';
import type { BlogPost } from '@/features/blog/api/types';

/** The seeded posts the backend serves, reused so tests and server share one source. */
export const blogPosts: BlogPost[] = [...(seed as BlogPost[])].sort((a, b) => b.date.localeCompare(a.date));
