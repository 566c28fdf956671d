import { lazy, Suspense } from 'react';

// The form (and its form library) is its own chunk, loaded with the sidebar.
const BlogNewsletterBox = lazy(() => import('@/features/newsletter/components/BlogNewsletterBox'));

/** The blog sidebar's newsletter box: subscribes through the newsletter API. */
export function BlogNewsletterForm() {
  return (
    <Suspense fallback={<div className="form-stack" aria-hidden="true" style={{ minHeight: 150 }} />}>
      <BlogNewsletterBox />
    </Suspense>
  );
}
