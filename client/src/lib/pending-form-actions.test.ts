import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replay, typedBeforeHydration } from './form-replay';
import { holdFormActions, takePendingAction } from './pending-form-actions';

function prerendered(): HTMLFormElement {
  document.body.innerHTML = `
    <form data-form-shell="">
      <input name="name" value="">
      <input type="hidden" name="jobId" value="">
      <select name="service"><option value="">Choose</option><option value="Visa">Visa</option></select>
      <textarea name="message"></textarea>
      <input type="checkbox" name="terms">
      <input type="checkbox" name="interests" value="Jobs"><input type="checkbox" name="interests" value="Travel">
      <button type="button">Next</button>
      <button type="submit">Send</button>
    </form>`;
  return document.querySelector('form') as HTMLFormElement;
}

describe('pending form actions', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = holdFormActions();
  });
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  it('holds a submit before the form has hydrated (no native GET with the answers) and replays it', () => {
    const form = prerendered();
    const submit = form.querySelector('button[type=submit]') as HTMLButtonElement;
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: submit });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);

    const action = takePendingAction(form);
    expect(action).toEqual({ kind: 'submit', control: submit });
    const seen = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', seen);
    replay(form, action!);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(takePendingAction(form)).toBeUndefined();
  });

  it('holds the click of a button and lets a hydrated form be', () => {
    const form = prerendered();
    const next = form.querySelector('button[type=button]') as HTMLButtonElement;
    next.click();
    expect(takePendingAction(form)).toEqual({ kind: 'click', control: next });
    next.click();
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(takePendingAction(form)).toBeUndefined();
  });

  it('leaves forms that are not pre-rendered form shells alone', () => {
    document.body.innerHTML = '<form><button type="submit">Go</button></form>';
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('finds what was typed, chosen and ticked before hydration, never a hidden field', () => {
    const form = prerendered();
    const values = {
      name: '',
      jobId: 'JB1',
      service: '',
      message: '',
      terms: false,
      interests: [] as string[],
    };
    expect(typedBeforeHydration(form, values)).toBeNull();
    (form.elements.namedItem('name') as HTMLInputElement).value = 'Abena';
    (form.elements.namedItem('service') as HTMLSelectElement).value = 'Visa';
    (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Hello';
    (form.elements.namedItem('terms') as HTMLInputElement).checked = true;
    (form.querySelector('input[value=Travel]') as HTMLInputElement).checked = true;
    expect(typedBeforeHydration(form, values)).toEqual({
      name: 'Abena',
      jobId: 'JB1',
      service: 'Visa',
      message: 'Hello',
      terms: true,
      interests: ['Travel'],
    });
  });
});

describe('actions held by the start script before the app arrived', () => {
  afterEach(() => {
    delete window.__earlyFormActions;
    document.body.innerHTML = '';
  });

  it('are taken over when the app starts holding, and the start script stops holding', () => {
    const form = prerendered();
    const submit = form.querySelector('button[type=submit]') as HTMLButtonElement;
    window.__earlyFormActions = [{ kind: 'submit', form, control: submit }];
    const uninstall = holdFormActions();
    try {
      expect(window.__earlyFormActions.adopted).toBe(true);
      expect(window.__earlyFormActions).toHaveLength(0);
      expect(takePendingAction(form)).toEqual({ kind: 'submit', control: submit });
    } finally {
      uninstall();
    }
  });
});
