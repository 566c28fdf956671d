/**
 * What a form does with a click, a submit or typing held before it hydrated
 * (`lib/pending-form-actions.ts` holds them): loaded with the form's code (`components/form/FormShell.tsx`),
 * not with the entry.
 */
import type { PendingAction } from './pending-form-actions';

/** Replays a held action on the hydrated form. */
export function replay(form: HTMLFormElement, action: PendingAction): void {
  if (action.kind === 'click') {
    action.control?.click();
    return;
  }
  const submitter = action.control && form.contains(action.control) ? action.control : null;
  form.requestSubmit(submitter);
}

type Value = unknown;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controlsNamed(form: HTMLFormElement, name: string): Control[] {
  return [...form.elements].filter(
    (el): el is Control => 'name' in el && (el as HTMLInputElement).name === name,
  );
}

function inputType(control: Control): string {
  return control instanceof HTMLInputElement ? control.type : '';
}

function checkboxValue(controls: Control[], current: Value): Value {
  if (Array.isArray(current))
    return controls.filter((el) => (el as HTMLInputElement).checked).map((el) => el.value);
  return (controls[0] as HTMLInputElement).checked;
}

function domValue(form: HTMLFormElement, name: string, current: Value): Value {
  const controls = controlsNamed(form, name);
  const [first] = controls;
  if (!first) return current;
  switch (inputType(first)) {
    case 'hidden': // the page's to set (the job applied for), never the visitor's
      return current;
    case 'checkbox':
      return checkboxValue(controls, current);
    case 'radio':
      return controls.find((el) => (el as HTMLInputElement).checked)?.value ?? current;
    case 'file':
      return (first as HTMLInputElement).files?.[0] ?? current;
    default:
      return first.value;
  }
}

function same(a: Value, b: Value): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b || (a == null && b === '');
}

/**
 * The values the visitor typed, ticked or chose in `form` before it hydrated (React keeps what is
 * in the DOM when it hydrates, but the form's state still has the pre-rendered values): the fields
 * of `values` whose control in the DOM says otherwise, or null when none does.
 */
export function typedBeforeHydration<V extends Record<string, Value>>(
  form: HTMLFormElement,
  values: V,
): V | null {
  const changed: Record<string, Value> = {};
  for (const [name, current] of Object.entries(values)) {
    const seen = domValue(form, name, current);
    if (!same(current, seen)) changed[name] = seen;
  }
  return Object.keys(changed).length ? { ...values, ...changed } : null;
}
