/**
 * The job form's rules from `agency_core.jobs` (exported by `make rules` as `jobForm`): the admin
 * editor checks with the very messages the server gives.
 */
import { jobForm } from '@/generated/form-rules.json';
import * as yup from 'yup';
import type { JobInput } from '@/features/admin-shell';

export type JobFieldKind = 'text' | 'longtext' | 'select' | 'multiselect' | 'integer' | 'date';

export interface JobFieldRule {
  name: string;
  label: string;
  kind: JobFieldKind;
  maxLength: number;
  required?: string;
  options?: string[];
  minimum?: number;
  maximum?: number;
  rangeMessage?: string;
  default?: string | number;
}

export interface JobFormRules {
  fields: JobFieldRule[];
  messages: Record<string, string>;
  countryAliases: Record<string, string>;
}

export const jobRules = jobForm as unknown as JobFormRules;

export type JobValues = Record<string, string | string[]>;

/** Blank form values: each field's default, or empty. */
export function blankJobValues(): JobValues {
  const values: JobValues = {};
  for (const f of jobRules.fields) {
    values[f.name] = f.kind === 'multiselect' ? [] : f.default === undefined ? '' : String(f.default);
  }
  return values;
}

function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const messages = jobRules.messages;

function isWholeInRange(f: JobFieldRule, text: string): boolean {
  if (!/^\d+$/.test(text)) return false;
  const n = Number(text);
  return n >= (f.minimum ?? 0) && n <= (f.maximum ?? Number.MAX_SAFE_INTEGER);
}

function isCalendarDate(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
    new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
  );
}

function isOption(f: JobFieldRule, item: string): boolean {
  return (f.options ?? []).includes(item);
}

/** The message for a filled-in text value by the field's kind, or undefined when it is fine. */
function checkFilledText(f: JobFieldRule, text: string): string | undefined {
  switch (f.kind) {
    case 'integer':
      return isWholeInRange(f, text) ? undefined : f.rangeMessage;
    case 'select':
      if (isOption(f, text)) return undefined;
      return f.name === 'status' ? messages.status : messages.invalidOption;
    case 'date':
      return isCalendarDate(text) ? undefined : messages.invalidDate;
    default:
      if (text.length <= f.maxLength) return undefined;
      return messages.tooLong!.replace('{label}', f.label).replace('{max}', String(f.maxLength));
  }
}

/** One field's message on its own, or undefined when it is fine. */
function checkJobField(f: JobFieldRule, raw: string | string[] | undefined): string | undefined {
  if (Array.isArray(raw)) {
    return raw.every((item) => isOption(f, item)) ? undefined : messages.invalidOption;
  }
  const text = (raw ?? '').trim();
  if (!text) return f.required;
  return checkFilledText(f, text);
}

function salaryOrderMessage(values: JobValues): string | undefined {
  if (values.salaryMin === '' || values.salaryMax === '') return undefined;
  return Number(values.salaryMax) < Number(values.salaryMin) ? messages.salaryOrder : undefined;
}

function closingDateMessage(values: JobValues, today: string): string | undefined {
  const closing = String(values.closingDate ?? '');
  return values.status === 'open' && closing && closing < today ? messages.closingDatePassed : undefined;
}

/** The messages by field, as `agency_core.jobs.check_job` gives them. */
export function checkJob(values: JobValues, today: string = todayIso()): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of jobRules.fields) {
    const found = checkJobField(f, values[f.name]);
    if (found) errors[f.name] = found;
  }
  const salary = errors.salaryMax ? undefined : salaryOrderMessage(values);
  if (salary) errors.salaryMax = salary;
  const closing = errors.closingDate ? undefined : closingDateMessage(values, today);
  if (closing) errors.closingDate = closing;
  return errors;
}

/** The JSON body the admin API takes: whole numbers as numbers, empty ones as null. */
/** The form's values as the API's job body (checked by `checkJob` before it is sent). */
export function jobBody(values: JobValues): JobInput {
  const body: Record<string, unknown> = {};
  for (const f of jobRules.fields) {
    const v = values[f.name];
    if (f.kind === 'integer') body[f.name] = v === '' || v === undefined ? null : Number(v);
    else if (f.kind === 'date') body[f.name] = v === '' ? null : v;
    else body[f.name] = v;
  }
  return body as JobInput;
}

/**
 * The yup schema of the job form: each field's message is `checkJob`'s (the generated rules,
 * cross-field checks included), so the editor and the server speak with one voice.
 */
export function jobSchema(today: () => string = todayIso): yup.ObjectSchema<JobValues> {
  const shape: Record<string, yup.Schema> = {};
  for (const f of jobRules.fields) {
    shape[f.name] = yup.mixed().test(`job:${f.name}`, 'invalid', function test() {
      const found = checkJob(this.parent as JobValues, today())[f.name];
      return found ? this.createError({ message: found }) : true;
    });
  }
  return yup.object(shape);
}
