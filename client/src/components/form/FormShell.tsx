import { forwardRef, useId, type ReactNode } from 'react';
import { Form } from 'formik';
import { FormIdContext } from './form-context';

/** formik's <Form> with an id prefix for its fields, `noValidate` and an accessible name. */
export const FormShell = forwardRef<
  HTMLFormElement,
  { label: string; className?: string; children: ReactNode }
>(function FormShell({ label, className, children }, ref) {
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <FormIdContext.Provider value={`f${prefix}`}>
      <Form ref={ref} className={className} noValidate aria-label={label}>
        {children}
      </Form>
    </FormIdContext.Provider>
  );
});
