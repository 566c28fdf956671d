/**
 * Toasts for the forms (notistack, loaded lazily like lib/notify.ts). The spec's sentence is
 * the first line, verbatim; a detail (an application ID, a reference, a reason) is a second line.
 */
import { showToast, type NotifyVariant } from '@/lib/notify';

export async function toast(message: string, variant: NotifyVariant, detail?: string): Promise<void> {
  // The space keeps the two lines two sentences wherever the toast is read as text ("Recruitment.Your…").
  const content = detail ? (
    <span className="toast-lines">
      <span className="toast-lines__main">{message}</span>{' '}
      <span className="toast-lines__detail">{detail}</span>
    </span>
  ) : (
    message
  );
  await showToast(content, variant);
}
