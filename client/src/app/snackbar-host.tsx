import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { markSnackbarHostReady } from '@/lib/notify';

/** notistack's SnackbarProvider; its toasts' colours, which pass AA, are in toasts.css (in the entry's stylesheet). */
export default function SnackbarHost() {
  useEffect(markSnackbarHostReady, []);
  return (
    <SnackbarProvider
      maxSnack={1}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    />
  );
}
