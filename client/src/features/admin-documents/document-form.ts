/**
 * The document form's values and checks: the kind's fields as the server lists them (`kinds` of
 * `GET .../documents`), dates as ISO days, choices from the kind's list, the scan by the CV's rules
 * (docs/pipeline-documents.md); the server stays the judge and its 422 lands on the same names.
 */
import * as yup from 'yup';
import { REQUIRED } from '@/features/admin-forms';
import type { DocumentKind, DocumentState, KindForm } from './api/documents';

export interface DocumentValues {
  kind: DocumentKind | '';
  file: File | null;
  [field: string]: string | File | null;
}

export const SCAN_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'];
export const SCAN_MAX_BYTES = 5 * 1024 * 1024;
export const SCAN_TYPE = 'Scan must be a .pdf, .jpg, .jpeg or .png file';
export const SCAN_SIZE = 'Scan must be at most 5MB';
export const CHOOSE_KIND = 'Choose the kind of document';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The message for a scan that breaks the upload rule (extension, then size), or null. */
export function scanProblem(file: File): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot).toLowerCase();
  if (!SCAN_EXTENSIONS.includes(extension) || file.size === 0) return SCAN_TYPE;
  return file.size > SCAN_MAX_BYTES ? SCAN_SIZE : null;
}

export const emptyDocument = (kind: DocumentKind | ''): DocumentValues => ({ kind, file: null });

const text = (values: DocumentValues, name: string): string => {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** The schema for the chosen kind's fields (and the scan). */
export function documentSchema(kinds: readonly KindForm[], kind: string): yup.ObjectSchema<yup.AnyObject> {
  const form = kinds.find((k) => k.kind === kind);
  const shape: Record<string, yup.AnySchema> = {
    kind: yup.string().required(CHOOSE_KIND),
    file: yup
      .mixed<File>()
      .nullable()
      .test('scan', (file, context) => {
        const problem = file instanceof File ? scanProblem(file) : null;
        return problem ? context.createError({ message: problem }) : true;
      }),
  };
  for (const field of form?.fields ?? []) {
    let rule = yup.string().trim();
    if (field.required) rule = rule.required(REQUIRED);
    if (field.type === 'date')
      rule = rule.matches(DAY, { message: 'Enter a date', excludeEmptyString: true });
    if (field.type === 'choice')
      rule = rule.oneOf(['', ...field.choices], 'Choose one of the listed options');
    shape[field.name] = rule;
  }
  return yup.object(shape);
}

/** The kind's fields that were filled in, by their names (what the server reads). */
export function documentFields(kinds: readonly KindForm[], values: DocumentValues): Record<string, string> {
  const form = kinds.find((k) => k.kind === values.kind);
  const filled: Record<string, string> = {};
  for (const field of form?.fields ?? []) {
    const value = text(values, field.name);
    if (value) filled[field.name] = value;
  }
  return filled;
}

/** "expires in 12 days", "expires today", "expired" (by the server's state), "no expiry". */
export function expiryText(expiresOn: string | null, state: DocumentState, today: Date): string {
  if (state === 'expired') return expiresOn ? `expired (${expiresOn})` : 'expired';
  if (!expiresOn) return 'no expiry';
  const day = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const [y, m, d] = expiresOn.split('-').map(Number);
  const days = Math.round((Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) - day) / 86_400_000);
  if (days < 0) return `expired (${expiresOn})`;
  if (days === 0) return `expires today (${expiresOn})`;
  return `expires in ${days} day${days === 1 ? '' : 's'} (${expiresOn})`;
}
