import { forwardRef, useEffect, useId, useState, type ReactNode } from 'react';
import { Form } from 'formik';
import { FormIdContext } from './form-context';
import './form.css';

/** formik's <Form> with an id prefix for its fields, `noValidate` and an accessible name. */
export const FormShell = forwardRef<
  HTMLFormElement,
  { label: string; className?: string; children: ReactNode }
>(function FormShell({ label, className, children }, ref) {
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  // Set once this form has hydrated (its submit handler is attached): a pre-rendered form looks the
  // same before, so browser tests wait for it instead of racing selective hydration.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <FormIdContext.Provider value={`f${prefix}`}>
      <Form ref={ref} className={className} noValidate aria-label={label} data-ready={ready ? '' : undefined}>
        {children}
      </Form>
    </FormIdContext.Provider>
  );
});
