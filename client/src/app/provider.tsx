import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onSnackbarHostWanted } from '@/lib/notify';

/** notistack's SnackbarProvider, loaded at the first interaction or toast (see lib/notify.ts). */
const SnackbarHost = lazy(() => import('./snackbar-host'));

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Calls `callback` at the visitor's first pointer, key or touch interaction. */
function atFirstInteraction(callback: () => void): () => void {
  const stop = () => {
    for (const name of INTERACTIONS) window.removeEventListener(name, run, true);
  };
  const run = () => {
    stop();
    callback();
  };
  for (const name of INTERACTIONS) window.addEventListener(name, run, { capture: true, passive: true });
  return stop;
}

export function AppProvider({
  children,
  eagerSnackbar = false,
}: {
  children: ReactNode;
  eagerSnackbar?: boolean;
}) {
  const [snackbarReady, setSnackbarReady] = useState(eagerSnackbar);
  useEffect(() => {
    if (snackbarReady) return undefined;
    onSnackbarHostWanted(() => setSnackbarReady(true));
    return atFirstInteraction(() => setSnackbarReady(true));
  }, [snackbarReady]);
  return (
    <>
      {children}
      {snackbarReady ? (
        <Suspense fallback={null}>
          <SnackbarHost />
        </Suspense>
      ) : null}
    </>
  );
}
