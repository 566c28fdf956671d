/**
 * Form rules from the generated rules file. A separate module from `rules.ts` so that only
 * form chunks carry the form definitions (Vite tree-shakes the JSON's top-level keys).
 */
import {
  applicationSteps as rawSteps,
  forms as rawForms,
  messages as rawMessages,
  patterns as rawPatterns,
} from '@/generated/rules.json';
import type { ApplicationStep, FieldRule, FormName } from './rules';

export const forms = rawForms as Record<FormName, FieldRule[]>;
export const applicationSteps = rawSteps as ApplicationStep[];
export const messages = rawMessages as Record<string, string>;
export const patterns = rawPatterns;

export function formFields(form: FormName): FieldRule[] {
  return forms[form];
}
