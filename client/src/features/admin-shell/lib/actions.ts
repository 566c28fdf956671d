import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '../api/client';

/** Runs an admin action; toasts `success` or the server's message. Resolves the result or null. */
export async function runAction<T>(action: () => Promise<T>, success?: string): Promise<T | null> {
  try {
    const result = await action();
    if (success) void notify(success, 'success');
    return result;
  } catch (error) {
    // A 401 means the session ended: the guard sends the admin to the login page instead.
    const ended =
      error instanceof ApiError && (error.status === 401 || error.message === 'User not authorized');
    if (!ended) void notify(errorMessage(error), 'error');
    return null;
  }
}
