/**
 * Form rules from the generated form-rules file. A separate file and module from `rules.ts`: the
 * bundle puts a JSON module whole in one chunk, so only the form chunks carry the form definitions.
 */
import { applicationSteps as rawSteps, forms as rawForms } from '@/generated/form-rules.json';
import { messages as rawMessages, patterns as rawPatterns } from '@/generated/rules.json';
import type { ApplicationStep, FieldRule, FormName } from './rules';

export const forms = rawForms as Record<FormName, FieldRule[]>;
export const applicationSteps = rawSteps as ApplicationStep[];
export const messages = rawMessages as Record<string, string>;
export const patterns = rawPatterns;

export function formFields(form: FormName): FieldRule[] {
  return forms[form];
}
