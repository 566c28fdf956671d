/** The jobs' and blog posts' calls (the list of jobs is the shell's: the applications filter reads it too). */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';
import type {
  AdminBlogPost,
  AdminJob,
  BlogPostInput,
  JobInput,
  Page,
  UploadedImage,
} from '@/features/admin-shell';

type ImageUpload = components['schemas']['ImageUpload'];

export const createJob = (job: JobInput): Promise<AdminJob> =>
  admin(client.POST('/api/admin/jobs', { body: job }));
export const updateJob = (id: string, job: JobInput): Promise<AdminJob> =>
  admin(client.PUT('/api/admin/jobs/{job_id}', { params: { path: { job_id: id } }, body: job }));
export const deleteJob = (id: string) =>
  admin(client.DELETE('/api/admin/jobs/{job_id}', { params: { path: { job_id: id } } }));

// Blog posts ---------------------------------------------------------------
export const listBlogPosts = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<AdminBlogPost>> =>
  admin(client.GET('/api/admin/blog-posts', { params: { query: { page, pageSize } }, signal }));
export const createBlogPost = (post: BlogPostInput): Promise<AdminBlogPost> =>
  admin(client.POST('/api/admin/blog-posts', { body: post }));
export const updateBlogPost = (id: string, post: BlogPostInput): Promise<AdminBlogPost> =>
  admin(client.PUT('/api/admin/blog-posts/{post_id}', { params: { path: { post_id: id } }, body: post }));
export const deleteBlogPost = (id: string) =>
  admin(client.DELETE('/api/admin/blog-posts/{post_id}', { params: { path: { post_id: id } } }));
/** A multipart upload (the browser sets the boundary) of the part the generated `ImageUpload` names. */
export function uploadBlogImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image' satisfies keyof ImageUpload, file);
  return admin(client.POST('/api/admin/blog-posts/images', { body: {}, bodySerializer: () => form }));
}
