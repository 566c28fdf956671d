import { firstInteraction } from './hydrate-on-interaction';
import { LATER } from './later-sections';
import { hasPendingAction } from './pending-form-actions';

/**
 * A promise that resolves when a pre-rendered form is worth its code (the form library, formik and
 * yup, is about 25 KB): at the visitor's first pointer, touch, key, focus or input inside the element
 * matched by `selector`, or when a scroll brings it within half a screen. Loading the page alone never
 * resolves it, so a route's JavaScript until idle leaves the form out (`npm run size` counts so).
 * When the element is not in the document (a client-side navigation: the page is not rendered
 * yet) it resolves at once.
 *
 * Used with `React.lazy` around a pre-rendered form: until the promise resolves, React keeps the
 * server HTML of the Suspense boundary as it is (no fallback, no layout shift), the visitor can
 * already type into it, and it hydrates when the chunk arrives: what was typed is taken into the
 * form's state and a click or submit made meanwhile is replayed (`lib/pending-form-actions.ts`).
 */
export function whenUsed(selector: string): Promise<void> {
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve();
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  // Used before the app arrived (client/scripts/start-after-paint.js held what was done meanwhile),
  // or by the interaction that hydrated the page around it (lib/hydrate-on-interaction.tsx).
  const first = firstInteraction()?.target;
  if (element.contains(document.activeElement) || hasPendingAction(element)) return Promise.resolve();
  if (first instanceof Node && element.contains(first)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const events = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change', 'submit'] as const;
    // On the document, in the capture phase: React stops the propagation of events aimed at a part
    // it has not hydrated yet (to replay them later), so a listener on the element never hears them.
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) done();
    };
    // Inside a block laid out only when it comes near (lib/later-sections.ts), the block's own box is
    // measured: reading the element's would force the skipped subtree's layout at every scroll.
    const measured = element.closest(LATER) ?? element;
    const onScroll = () => {
      if (measured.getBoundingClientRect().top < window.innerHeight * 1.5) done();
    };
    const done = () => {
      for (const name of events) document.removeEventListener(name, onEvent, true);
      window.removeEventListener('scroll', onScroll);
      resolve();
    };
    for (const name of events) document.addEventListener(name, onEvent, { capture: true, passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
  });
}
