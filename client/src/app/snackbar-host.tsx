import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { markSnackbarHostReady } from '@/lib/notify';
import './toasts.css';

/** notistack's SnackbarProvider, with toast colours that pass AA (toasts.css). */
export default function SnackbarHost() {
  useEffect(markSnackbarHostReady, []);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    />
  );
}
