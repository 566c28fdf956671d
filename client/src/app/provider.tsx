import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { markSnackbarHostReady } from '@/lib/notify';

/** notistack's SnackbarProvider, loaded after the first paint (see lib/notify.ts). */
const SnackbarHost = lazy(() =>
  import('notistack').then(({ SnackbarProvider }) => ({
    default: function SnackbarHost() {
      useEffect(markSnackbarHostReady, []);
      return (
        <SnackbarProvider
          maxSnack={3}
          autoHideDuration={5000}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        />
      );
    },
  })),
);

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

export function AppProvider({
  children,
  eagerSnackbar = false,
}: {
  children: ReactNode;
  eagerSnackbar?: boolean;
}) {
  const [snackbarReady, setSnackbarReady] = useState(eagerSnackbar);
  useEffect(() => (snackbarReady ? undefined : whenIdle(() => setSnackbarReady(true))), [snackbarReady]);
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
