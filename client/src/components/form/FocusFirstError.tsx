import { useFormikContext } from 'formik';
import { useEffect, useRef, type RefObject } from 'react';
import { focusFirstError } from '@/lib/forms/submit';

/** After a submit that validation stopped, moves focus to the first invalid field. */
export function FocusFirstError({
  formRef,
  order,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  order: readonly string[];
}) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<Record<string, unknown>>();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount <= handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    focusFirstError(formRef.current, errors, order);
  }, [submitCount, isSubmitting, isValidating, errors, formRef, order]);
  return null;
}
