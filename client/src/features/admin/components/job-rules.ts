/**
 * The job form's rules from `agency_core.jobs` (exported by `make rules` as `jobForm`): the admin
 * editor checks with the very messages the server gives.
 */
import { jobForm } from '@/generated/rules.json';
import type { JobInput } from '../api/types';

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

/** The messages by field, as `agency_core.jobs.check_job` gives them. */
export function checkJob(values: JobValues, today: string = todayIso()): Record<string, string> {
  const m = jobRules.messages;
  const errors: Record<string, string> = {};
  for (const f of jobRules.fields) {
    const raw = values[f.name];
    if (Array.isArray(raw)) {
      if (raw.some((item) => !(f.options ?? []).includes(item))) errors[f.name] = m.invalidOption!;
      continue;
    }
    const text = (raw ?? '').trim();
    if (!text) {
      if (f.required) errors[f.name] = f.required;
      continue;
    }
    if (f.kind === 'integer') {
      const n = /^\d+$/.test(text) ? Number(text) : NaN;
      if (Number.isNaN(n) || n < (f.minimum ?? 0) || n > (f.maximum ?? Number.MAX_SAFE_INTEGER))
        errors[f.name] = f.rangeMessage!;
    } else if (f.kind === 'select') {
      if (!(f.options ?? []).includes(text))
        errors[f.name] = f.name === 'status' ? m.status! : m.invalidOption!;
    } else if (f.kind === 'date') {
      const valid =
        /^\d{4}-\d{2}-\d{2}$/.test(text) &&
        !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
        new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
      if (!valid) errors[f.name] = m.invalidDate!;
    } else if (text.length > f.maxLength) {
      errors[f.name] = m.tooLong!.replace('{label}', f.label).replace('{max}', String(f.maxLength));
    }
  }
  const low = Number(values.salaryMin),
    high = Number(values.salaryMax);
  if (!errors.salaryMax && values.salaryMin !== '' && values.salaryMax !== '' && high < low)
    errors.salaryMax = m.salaryOrder!;
  const closing = String(values.closingDate ?? '');
  if (!errors.closingDate && values.status === 'open' && closing && closing < today)
    errors.closingDate = m.closingDatePassed!;
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
