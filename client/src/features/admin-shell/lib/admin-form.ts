/**
 * What the admin's formik forms share: focus on the first invalid field after a stopped submit, and
 * the server's 422 field messages (flat keys such as `countries.0.match`) put where formik keeps them.
 */
import { getIn, setIn, type FormikErrors } from 'formik';
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
    const first = order.find((name) => typeof getIn(errors, name) === 'string');
    if (first) document.getElementById(idOf(first))?.focus();
  }, [submitCount, isSubmitting, isValidating, errors, order, idOf]);
}

/** The message at `path` (`smsSender`, `adminPhones.0`, `jobs.1.reason`), if there is one. */
export function messageAt<V>(errors: FormikErrors<V>, path: string): string | undefined {
  const message: unknown = getIn(errors, path);
  return typeof message === 'string' ? message : undefined;
}

/** The server's field messages (`adminPhones.0` or `adminPhones[0]`) as formik's nested errors. */
export function nestedErrors<V>(flat: Record<string, string>): FormikErrors<V> {
  let nested: FormikErrors<V> = {};
  for (const [key, message] of Object.entries(flat)) {
    nested = setIn(nested, key.replace(/\[(\d+)\]/g, '.$1'), message) as FormikErrors<V>;
  }
  return nested;
}
