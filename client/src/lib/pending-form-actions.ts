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
