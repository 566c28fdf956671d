/** What the API answered, in the terms the forms need: field messages, rate limits, duplicates. */
import { ApiError } from '@/lib/api-error';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/** The `errors` object of a 422 answer's body, or null. */
function errorsObjectOf(error: unknown): object | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body;
  if (!body || typeof body !== 'object' || !('errors' in body)) return null;
  const errors = body.errors;
  return errors && typeof errors === 'object' ? errors : null;
}

/** The 422 `{"errors": {...}}` field messages, or null for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const errors = errorsObjectOf(error);
  if (!errors) return null;
  const out: Record<string, string> = {};
  for (const [field, text] of Object.entries(errors as Record<string, unknown>)) {
    if (typeof text === 'string') out[field] = text;
  }
  return Object.keys(out).length ? out : null;
}

export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/** A second toast line explaining a failure, when the status says more than the spec's sentence. */
export function failureDetail(error: unknown): string | undefined {
  if (isRateLimited(error)) return TOO_MANY_ATTEMPTS;
  if (error instanceof ApiError && error.status !== 422 && error.status < 500 && error.message)
    return error.message;
  return undefined;
}

/** Moves focus to the first field (in `order`) that has a message; returns its name. */
export function focusFirstError(
  form: HTMLElement | null,
  errors: Record<string, unknown>,
  order: readonly string[],
): string | undefined {
  const first = order.find((name) => Boolean(errors[name]));
  if (!first || !form) return first;
  const target = form.querySelector<HTMLElement>(`[name="${first}"]`);
  target?.focus();
  return first;
}
