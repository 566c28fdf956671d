/** What the admin's formik forms share: focus on the first invalid field after a stopped submit. */
import type { FormikErrors } from 'formik';
import { useEffect, useRef } from 'react';

interface SubmitState<V> {
  submitCount: number;
  isSubmitting: boolean;
  isValidating: boolean;
  errors: FormikErrors<V>;
}

/**
 * After a submit that validation stopped, moves focus to the first field (in `order`) with a
 * message; `idOf` gives the field's element id (admin fields are found by id, not by name).
 */
export function useFocusFirstInvalid<V>(
  form: SubmitState<V>,
  order: readonly string[],
  idOf: (name: string) => string,
): void {
  const handled = useRef(0);
  const { submitCount, isSubmitting, isValidating, errors } = form;
  useEffect(() => {
    if (submitCount <= handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const messages = errors as Record<string, unknown>;
    const first = order.find((name) => Boolean(messages[name]));
    if (first) document.getElementById(idOf(first))?.focus();
  }, [submitCount, isSubmitting, isValidating, errors, order, idOf]);
}
