/**
 * What a visitor does to a pre-rendered form before its code has hydrated it (the form's chunk loads
 * at its first use, `lib/load-when-needed.ts`): React drops a click on a part not yet hydrated, and a
 * submit would go to the browser (a GET of the page with the answers in its URL). Installed by the
 * entry (`main.tsx`) before anything hydrates, `holdFormActions` keeps the last such click or submit
 * of each form (`data-form-shell`, components/form/FormShell.tsx); the form replays it once it has
 * hydrated and taken in what was typed (`takePendingAction`).
 */

export interface PendingAction {
  kind: 'submit' | 'click';
  /** The submit button (a submit) or the button clicked. */
  control: HTMLElement | null;
}

const hydrated = new WeakSet<HTMLFormElement>();
const pending = new WeakMap<HTMLFormElement, PendingAction>();

function waiting(form: HTMLFormElement | null | undefined): form is HTMLFormElement {
  return Boolean(form?.hasAttribute('data-form-shell')) && !hydrated.has(form as HTMLFormElement);
}

function onSubmit(event: SubmitEvent) {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (!waiting(form)) return;
  event.preventDefault();
  pending.set(form, { kind: 'submit', control: event.submitter });
}

function onClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.type !== 'button' || !waiting(button.form)) return;
  pending.set(button.form, { kind: 'click', control: button });
}

/** What client/scripts/start-after-paint.js held before the app was there, in order. */
interface EarlyAction extends PendingAction {
  form: HTMLFormElement;
}
declare global {
  interface Window {
    __earlyFormActions?: EarlyAction[] & { adopted?: boolean };
  }
}

/** Holds submits and button clicks on forms that have not hydrated yet (and takes over the ones the
 * start script held before the app arrived). Returns the uninstaller. */
export function holdFormActions(): () => void {
  const early = window.__earlyFormActions;
  if (early) {
    early.adopted = true;
    for (const { form, kind, control } of early.splice(0)) pending.set(form, { kind, control });
  }
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);
  return () => {
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('click', onClick, true);
  };
}

/** Whether a form in `element` (or `element` itself) has a click or submit waiting for its code. */
export function hasPendingAction(element: Element): boolean {
  const forms = element instanceof HTMLFormElement ? [element] : [...element.querySelectorAll('form')];
  return forms.some((form) => pending.has(form));
}

/** Marks `form` hydrated (its handlers are attached) and hands over what waited for it, if anything. */
export function takePendingAction(form: HTMLFormElement): PendingAction | undefined {
  hydrated.add(form);
  const action = pending.get(form);
  pending.delete(form);
  return action;
}

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
