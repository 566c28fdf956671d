import { Suspense, use, useEffect, useId, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Static content (text, pictures, links) needs no JavaScript to be read or followed, so on a
 * pre-rendered page React leaves it as the server sent it until the visitor first does something:
 * a tap, a key, a focus, a scroll or the wheel, or a navigation. Until then no time of an
 * entry-level phone goes to hydrating what nobody uses; then each part hydrates in small slices
 * (its own Suspense boundary), and the part the visitor tapped first, at once, with the tap
 * replayed on it (React's selective hydration). A link works before as a plain link.
 *
 * Only during the first hydration: on a client-side navigation the content renders as usual.
 * Forms keep their own loading (lib/load-when-needed.ts) and what is done to them meanwhile is
 * held (lib/pending-form-actions.ts).
 */

const RELEASING_EVENTS = [
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  'popstate',
] as const;

const onServer = typeof document === 'undefined';
let released = !serverRenderedPage();
let releasedBy: Event | null = null;
let resolveRelease: () => void = () => undefined;
const whenReleased = new Promise<void>((resolve) => {
  resolveRelease = resolve;
});
const waiting = new Set<string>();
let navigationArmed = false;

function serverRenderedPage(): boolean {
  if (onServer) return false;
  return Boolean(document.getElementById('root')?.firstElementChild);
}

/** The interaction that let the held parts hydrate: a form hydrated by it counts it as its first use. */
export function firstInteraction(): Event | null {
  return releasedBy;
}

/** Lets every held part hydrate (the first interaction or navigation calls it). */
export function releaseHydration(event?: Event): void {
  if (released) return;
  released = true;
  releasedBy = event ?? null;
  for (const name of RELEASING_EVENTS) window.removeEventListener(name, releaseHydration, true);
  resolveRelease();
}

if (!released) {
  // On the window, in the capture phase: before React's own listener on the root, which hydrates
  // the tapped part at once only if its gate is open by then.
  for (const name of RELEASING_EVENTS) {
    window.addEventListener(name, releaseHydration, { capture: true, passive: true });
  }
}

/**
 * A navigation re-renders the layout around held parts: React must hydrate them first, so a held
 * part would hold the navigation back. The router writes the history before it renders; armed at
 * the first hold, after the router's own first write (the state's index) at its creation.
 */
function releaseOnNavigation(): void {
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      releaseHydration();
      original(...args);
    };
  }
}

/** Marks `<html data-deferred-hydration>` while a held part waits: tests wait for it to go. */
function markWaiting(): void {
  const root = document.documentElement;
  if (waiting.size > 0) root.dataset.deferredHydration = 'pending';
  else delete root.dataset.deferredHydration;
}

const subscribeToNothing = () => () => undefined;
const duringHydration = () => true;
const afterHydration = () => false;

function Gate({ id }: { id: string }) {
  // True while React renders on the server or hydrates server HTML: it reads the server snapshot
  // then, and only then (after hydration it re-renders this small component with the other one).
  const hydrating = useSyncExternalStore(subscribeToNothing, afterHydration, duringHydration);
  if (!onServer && hydrating && !released) {
    if (!waiting.has(id)) {
      if (waiting.size === 0 && !navigationArmed) {
        navigationArmed = true;
        releaseOnNavigation();
      }
      waiting.add(id);
      markWaiting();
    }
    use(whenReleased);
  }
  return null;
}

function Hydrated({ id }: { id: string }) {
  useEffect(() => {
    if (waiting.delete(id)) markWaiting();
  }, [id]);
  return null;
}

/**
 * `children` hydrate at the visitor's first interaction (see above); rendered on the client (a
 * client-side navigation), they render at once. A lazy part inside waits for its code with an
 * empty fallback: fine below the first screen (the footer), not for a page (lazy-pages.tsx keeps
 * the page's chunk outside, so that a navigation keeps the previous page on screen meanwhile).
 */
export function HydrateOnInteraction({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <Suspense fallback={null}>
      <Gate id={id} />
      {children}
      <Hydrated id={id} />
    </Suspense>
  );
}
