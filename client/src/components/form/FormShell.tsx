import { forwardRef, useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Form, useFormikContext } from 'formik';
import { FormIdContext } from './form-context';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isAdoptable(element: Element): element is Field {
  if (element instanceof HTMLInputElement) return element.type !== 'file' && element.type !== 'radio';
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/**
 * A pre-rendered form is on screen before its code (a lazy chunk, `lazyForm`) has loaded: what
 * the visitor typed or chose in the meantime is in the fields, not in formik. On mount, each
 * field's value (a checkbox's state) that differs from formik's is adopted, so nothing typed is lost.
 */
function useAdoptTypedValues(form: RefObject<HTMLFormElement | null>): void {
  const { values, setFieldValue } = useFormikContext<Record<string, unknown>>();
  const adopt = useEffectEvent(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (!isAdoptable(element) || !element.name || !(element.name in values)) continue;
      const typed =
        element instanceof HTMLInputElement && element.type === 'checkbox' ? element.checked : element.value;
      if (typed !== values[element.name]) void setFieldValue(element.name, typed, false);
    }
  });
  useEffect(() => adopt(), []);
}

/** formik's <Form> with an id prefix for its fields, `noValidate` and an accessible name. */
export const FormShell = forwardRef<
  HTMLFormElement,
  { label: string; className?: string; children: ReactNode }
>(function FormShell({ label, className, children }, ref) {
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const own = useRef<HTMLFormElement | null>(null);
  useAdoptTypedValues(own);
  const setRef = (node: HTMLFormElement | null) => {
    own.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  return (
    <FormIdContext.Provider value={`f${prefix}`}>
      <Form ref={setRef} className={className} noValidate aria-label={label}>
        {children}
      </Form>
    </FormIdContext.Provider>
  );
});
