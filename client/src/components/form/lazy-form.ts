import { lazy, type ComponentType } from 'react';
import { whenUsed } from '@/lib/load-when-needed';

/**
 * A form as its own chunk (with formik and yup, about 25 KB), fetched at the visitor's first
 * interaction with the page (`whenUsed`). Rendered inside a Suspense boundary, its pre-rendered
 * HTML stays on screen until then, so a page with a form is not heavier to load than one without.
 * `label` is the form's accessible name (`FormShell`), which finds its pre-rendered markup.
 */
export function lazyForm<P extends object>(
  label: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(() =>
    whenUsed(`form[aria-label="${label}"]`)
      .then(load)
      .then((component) => ({ default: component })),
  );
}
