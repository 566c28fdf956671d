/**
 * Toasts for the forms (notistack, loaded lazily like lib/notify.ts). The spec's sentence is
 * the first line, verbatim; a detail (an application ID, a reference, a reason) is a second line.
 */
import { snackbarHost, type NotifyVariant } from '@/lib/notify';

export async function toast(message: string, variant: NotifyVariant, detail?: string): Promise<void> {
  await snackbarHost();
  const module = (await import('notistack')) as typeof import('notistack') & {
    default?: typeof import('notistack');
  };
  const enqueueSnackbar = module.enqueueSnackbar ?? module.default?.enqueueSnackbar;
  const content = detail ? (
    <span className="toast-lines">
      <span className="toast-lines__main">{message}</span>
      <span className="toast-lines__detail">{detail}</span>
    </span>
  ) : (
    message
  );
  enqueueSnackbar?.(content, { variant });
}
