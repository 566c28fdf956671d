/**
 * The wizard's draft in session storage (files excepted), so a reload or a dropped connection
 * on a phone does not lose a long form. Cleared after a successful submission.
 */
import type { FormValues } from '@/lib/forms/schema-from-rules';

export const DRAFT_KEY = 'application-draft';

export interface Draft {
  step: number;
  values: FormValues;
}

function isDraftShaped(parsed: unknown): parsed is Partial<Draft> & { values: object } {
  if (!parsed || typeof parsed !== 'object') return false;
  const { values } = parsed as Partial<Draft>;
  return Boolean(values) && typeof values === 'object';
}

/** The stored values a form can take back: text and yes/no answers only. */
function restorableValues(stored: object): FormValues {
  const values: FormValues = {};
  for (const [name, value] of Object.entries(stored)) {
    if (typeof value === 'string' || typeof value === 'boolean') values[name] = value;
  }
  return values;
}

export function loadDraft(): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (!isDraftShaped(parsed)) return null;
    return {
      step: typeof parsed.step === 'number' ? parsed.step : 1,
      values: restorableValues(parsed.values),
    };
  } catch {
    return null;
  }
}

/** Saves the values once the visitor has answered something (a value other than its preset `empty` one). */
export function saveDraft(step: number, values: FormValues, empty: FormValues = {}): void {
  const kept: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === 'website') continue;
    if (typeof value === 'string' || typeof value === 'boolean') kept[name] = value;
  }
  const answered = Object.entries(kept).some(
    ([name, value]) =>
      value !== empty[name] && (value === true || (typeof value === 'string' && value.trim() !== '')),
  );
  if (!answered) {
    clearDraft();
    return;
  }
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step, values: kept }));
  } catch {
    // Storage full or unavailable: the form still works, only the draft is lost.
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // ignore
  }
}
