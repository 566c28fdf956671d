/**
 * A promise that resolves when a below-the-fold chunk is worth loading: when the element matched
 * by `selector` comes within one viewport of the screen, at the visitor's first interaction
 * (pointer, key, touch, scroll), or after `fallbackMs`, whichever comes first. When the element is
 * not in the document (a client-side navigation: the page is not rendered yet) it resolves at once.
 *
 * Used with `React.lazy` for pre-rendered content: until the promise resolves, React keeps the
 * server HTML of the Suspense boundary as it is (no fallback, no layout shift) and hydrates it when
 * the chunk arrives, so the first load of `/` does not fetch and run code nobody sees yet.
 */
export function whenNeeded(selector: string, fallbackMs: number): Promise<void> {
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve();
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const events = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;
    let observer: IntersectionObserver | undefined;
    let timer = 0;
    const done = () => {
      observer?.disconnect();
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, done, true);
      resolve();
    };
    for (const name of events)
      window.addEventListener(name, done, { capture: true, passive: true, once: true });
    timer = window.setTimeout(done, fallbackMs);
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) done();
        },
        { rootMargin: '100% 0px' },
      );
      observer.observe(element);
    }
  });
}
