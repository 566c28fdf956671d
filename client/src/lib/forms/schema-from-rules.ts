/**
 * yup schemas built from the generated rules (src/agency_core/validation.py -> rules.json),
 * so every message and option list is written once, on the server side.
 *
 * Each field gets a single yup test that applies the rules in the server's order (blank ->
 * required message; too long; e-mail / phone / option / date checks), so the first failing
 * rule gives the same message the API answers in its 422.
 */
import * as yup from 'yup';
import { formFields, messages, patterns } from '@/config/form-rules';
import { constants, type FieldKind, type FieldRule, type FormName } from '@/config/rules';

export type FormValue = string | boolean | string[] | File | null | undefined;
export type FormValues = Record<string, FormValue>;

const EMAIL_RE = new RegExp(patterns.email);
const PHONE_RE = new RegExp(patterns.phone);
const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's ISO date (YYYY-MM-DD) in the agency's time zone (Africa/Accra). */
export function agencyToday(now: Date = new Date(), timeZone: string = constants.timeZone): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function message(key: string, fallback: string): string {
  return messages[key] ?? fallback;
}

function isValidIsoDate(text: string): boolean {
  const match = ISO_DATE_RE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function isBlank(value: FormValue): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The message for a picked file that breaks its upload rule (extension, then size), or null. */
export function checkFile(rule: FieldRule, file: File): string | null {
  const upload = rule.upload;
  if (!upload) return null;
  if (!upload.extensions.includes(extensionOf(file.name))) return upload.typeMessage;
  if (file.size > upload.maxBytes) return upload.sizeMessage;
  if (file.size === 0) return upload.typeMessage;
  return null;
}

function invalidOption(): string {
  return message('invalidOption', 'Choose one of the listed options');
}

function isOption(rule: FieldRule, item: string): boolean {
  return (rule.options ?? []).includes(item);
}

function checkMultiselect(rule: FieldRule, value: FormValue): string | null {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : null;
  return items?.every((item) => isOption(rule, item)) ? null : invalidOption();
}

/** The kinds whose value is not one line of text: checked by their own rule. */
const nonTextChecks: Partial<Record<FieldKind, (rule: FieldRule, value: FormValue) => string | null>> = {
  checkbox: () => null,
  file: (rule, value) => (value instanceof File ? checkFile(rule, value) : null),
  multiselect: checkMultiselect,
};

function checkDate(rule: FieldRule, text: string, today: string): string | null {
  if (!isValidIsoDate(text)) return message('invalidDate', 'Enter a valid date');
  if (rule.notBeforeToday && text < today) return message('dateInPast', 'Choose today or a later date');
  return null;
}

/** The message for a trimmed text within its length, by the field's kind. */
function checkTextKind(rule: FieldRule, text: string, today: string): string | null {
  switch (rule.kind) {
    case 'email':
      return EMAIL_RE.test(text) ? null : message('invalidEmail', 'Invalid email address');
    case 'phone':
      return PHONE_RE.test(text) ? null : message('invalidPhone', 'Enter a valid phone number');
    case 'select':
      return isOption(rule, text) ? null : invalidOption();
    case 'date':
      return checkDate(rule, text, today);
    default:
      return null;
  }
}

function checkText(rule: FieldRule, value: FormValue, today: string): string | null {
  if (typeof value !== 'string') return rule.options ? invalidOption() : 'Enter text';
  const text = value.trim();
  if (text.length > rule.maxLength)
    return message('tooLong', 'Must be at most {max} characters').replace('{max}', String(rule.maxLength));
  return checkTextKind(rule, text, today);
}

function isMissing(rule: FieldRule, value: FormValue): boolean {
  return isBlank(value) || (rule.mustBeTrue === true && value !== true);
}

/**
 * The message for one field's value, or null when it is fine. Mirrors
 * `agency_core.validation.validate` (the server also checks phone numbers with
 * libphonenumber and uploads by their content).
 */
export function checkField(
  rule: FieldRule,
  value: FormValue,
  values: FormValues,
  today: string,
): string | null {
  if (rule.onlyWhen && values[rule.onlyWhen] !== true) return null;
  if (isMissing(rule, value)) return rule.required ?? null;
  const check = nonTextChecks[rule.kind];
  return check ? check(rule, value) : checkText(rule, value, today);
}

function fieldSchema(rule: FieldRule, today: () => string): yup.Schema {
  return yup
    .mixed()
    .nullable()
    .test(`rules:${rule.name}`, 'invalid', function test(value) {
      const found = checkField(rule, value as FormValue, (this.parent ?? {}) as FormValues, today());
      return found === null ? true : this.createError({ message: found });
    });
}

export interface SchemaOptions {
  /** Only these fields (e.g. one wizard step); default: every field of the form. */
  fields?: readonly string[];
  /** Today's ISO date; default: `agencyToday()` at validation time. */
  today?: () => string;
}

/** The yup object schema of `form`, built from the generated rules. */
export function schemaFromRules(form: FormName, options: SchemaOptions = {}): yup.ObjectSchema<FormValues> {
  const today = options.today ?? (() => agencyToday());
  const rules = formFields(form).filter((rule) => !options.fields || options.fields.includes(rule.name));
  const shape: Record<string, yup.Schema> = {};
  for (const rule of rules) shape[rule.name] = fieldSchema(rule, today);
  return yup.object(shape);
}

/** Runs `schema` over `values` and returns the first message per field (empty when valid). */
export async function validateWith(
  schema: yup.ObjectSchema<FormValues>,
  values: FormValues,
): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const inner of error.inner.length ? error.inner : [error]) {
      if (inner.path && !(inner.path in errors)) errors[inner.path] = inner.message;
    }
    return errors;
  }
}

/** Empty values for every field of `form`: '' for text, false for checkboxes, [] for multi-selects, null for files. */
export function initialValuesFor(form: FormName): FormValues {
  const values: FormValues = {};
  for (const rule of formFields(form)) {
    values[rule.name] =
      rule.kind === 'checkbox'
        ? false
        : rule.kind === 'multiselect'
          ? []
          : rule.kind === 'file'
            ? null
            : (rule.default ?? '');
  }
  return values;
}

/** The values as the API wants them: text trimmed, fields hidden by `onlyWhen` dropped, files left out. */
function sentRules(form: FormName, values: FormValues): FieldRule[] {
  const rules = formFields(form);
  // A phone's country goes with its phone only: no number, no country.
  const unused = new Set(rules.filter((r) => r.region && isBlank(values[r.name])).map((r) => r.region));
  return rules.filter((rule) => !unused.has(rule.name) && (!rule.onlyWhen || values[rule.onlyWhen] === true));
}

export function toPayload(form: FormName, values: FormValues): Record<string, string | boolean | string[]> {
  const payload: Record<string, string | boolean | string[]> = {};
  for (const rule of sentRules(form, values)) {
    const value = values[rule.name];
    if (rule.kind === 'file' || value === null || value === undefined || value instanceof File) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') payload[rule.name] = text;
    } else {
      payload[rule.name] = value;
    }
  }
  return payload;
}
