import { Suspense } from 'react';
import { lazyForm } from '@/components/form/lazy-form';

// The form (and its form library) is its own chunk, loaded at the first interaction (lazyForm).
const BlogNewsletterBox = lazyForm('Blog newsletter', () =>
  import('./BlogNewsletterBox').then((m) => m.default),
);

/** The blog sidebar's newsletter box: subscribes through the newsletter API (`lib/newsletter.ts`). */
export function BlogNewsletterForm() {
  return (
    <Suspense fallback={<div className="form-stack" aria-hidden="true" style={{ minHeight: 150 }} />}>
      <BlogNewsletterBox />
    </Suspense>
  );
}
