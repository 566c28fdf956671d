import { lazy, Suspense } from 'react';

// The form (and its form library) is its own chunk, loaded with the sidebar.
const BlogNewsletterBox = lazy(() => import('./BlogNewsletterBox'));

/** The blog sidebar's newsletter box: subscribes through the newsletter API (`lib/newsletter.ts`). */
export function BlogNewsletterForm() {
  return (
    <Suspense fallback={<div className="form-stack" aria-hidden="true" style={{ minHeight: 150 }} />}>
      <BlogNewsletterBox />
    </Suspense>
  );
}
