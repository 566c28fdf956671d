/** What a save of these pages does with a refusal: 422 on the fields, 409 (a stale version) to the page. */
import type { FormikHelpers } from 'formik';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { errorMessage, fieldErrors, nestedErrors } from '@/features/admin-shell';

/** The server's answer to a save: the record, or null after showing why it was refused. */
export async function saveWith<V, T>(
  helpers: Pick<FormikHelpers<V>, 'setErrors'>,
  call: () => Promise<T>,
  onConflict: (message: string) => void,
): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    const fields = fieldErrors(error);
    if (fields) {
      helpers.setErrors(nestedErrors<V>(fields));
      void notify('Please correct the highlighted fields', 'error');
    } else if (error instanceof ApiError && error.status === 409) {
      onConflict(errorMessage(error));
    } else {
      void notify(errorMessage(error), 'error');
    }
    return null;
  }
}
