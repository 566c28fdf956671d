import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Form, useFormikContext } from 'formik';
import { replay, typedBeforeHydration } from '@/lib/form-replay';
import { takePendingAction } from '@/lib/pending-form-actions';
import { FormIdContext } from './form-context';
import './form.css';

/**
 * Takes in, once the form has hydrated, what the visitor typed into its pre-rendered HTML before
 * (its chunk loads at the first use, lib/load-when-needed.ts), then replays a click or submit
 * held meanwhile (lib/pending-form-actions.ts).
 */
function useTakeOverPrerenderedForm(form: RefObject<HTMLFormElement | null>) {
  const { values, setValues } = useFormikContext<Record<string, unknown>>();
  const first = useRef(values);
  const taken = useRef(false);
  useLayoutEffect(() => {
    const element = form.current;
    if (!element || taken.current) return undefined;
    taken.current = true;
    const action = takePendingAction(element);
    const typed = typedBeforeHydration(element, first.current);
    if (typed) void setValues(typed, false);
    if (!action) return undefined;
    // After the values above are rendered, so a submit sends them.
    const timer = window.setTimeout(() => replay(element, action), 0);
    return () => window.clearTimeout(timer);
  }, [form, setValues]);
}

/** formik's <Form> with an id prefix for its fields, `noValidate` and an accessible name. */
export const FormShell = forwardRef<
  HTMLFormElement,
  { label: string; className?: string; children: ReactNode }
>(function FormShell({ label, className, children }, ref) {
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const own = useRef<HTMLFormElement>(null);
  useImperativeHandle(ref, () => own.current as HTMLFormElement, []);
  useTakeOverPrerenderedForm(own);
  // Set once this form has hydrated (its submit handler is attached): a pre-rendered form looks the
  // same before, so browser tests wait for it instead of racing selective hydration.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <FormIdContext.Provider value={`f${prefix}`}>
      <Form
        ref={own}
        className={className}
        noValidate
        aria-label={label}
        data-form-shell=""
        data-ready={ready ? '' : undefined}
      >
        {children}
      </Form>
    </FormIdContext.Provider>
  );
});
