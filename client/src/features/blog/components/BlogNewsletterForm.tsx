import { lazy, Suspense } from 'react';
import { whenUsed } from '@/lib/load-when-needed';

// The form (and its form library) is its own chunk, loaded at its first use or when a scroll brings
// it near; until then its pre-rendered HTML stays in place (lib/load-when-needed.ts).
const BlogNewsletterBox = lazy(() =>
  whenUsed('[data-form="blog-newsletter"]').then(() => import('./BlogNewsletterBox')),
);

/** The blog sidebar's newsletter box: subscribes through the newsletter API (`lib/newsletter.ts`). */
export function BlogNewsletterForm() {
  return (
    <div data-form="blog-newsletter">
      <Suspense fallback={<div className="form-stack" aria-hidden="true" style={{ minHeight: 150 }} />}>
        <BlogNewsletterBox />
      </Suspense>
    </div>
  );
}
