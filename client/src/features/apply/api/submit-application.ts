/**
 * The application as multipart/form-data, with upload progress (the one client's `upload`).
 * 201 {applicationId, paymentKey}; 409 {message, applicationId}
 * for a duplicate within 24 h; 422 {errors}; 429 {message}. Failures throw `ApiError`.
 */
import { formFields } from '@/config/form-rules';
import type { components } from '@/generated/api';
import { upload, type UploadProgress } from '@/lib/api-upload';
import type { FieldRule } from '@/config/rules';
import type { FormValue, FormValues } from '@/lib/forms/schema-from-rules';

/** `paymentKey` starts paying this application's fee; also in the confirmation e-mail's payment link. */
export type ApplicationCreated = components['schemas']['ApplicationCreated'];
export type { UploadProgress } from '@/lib/api-upload';

/** Appends one field's value as the API takes it: a picked file, "true"/"false", or trimmed text. */
function appendField(data: FormData, rule: FieldRule, value: FormValue): void {
  if (rule.kind === 'file') {
    if (value instanceof File) data.append(rule.name, value, value.name);
  } else if (rule.kind === 'checkbox') {
    data.append(rule.name, value === true ? 'true' : 'false');
  } else if (typeof value === 'string' && value.trim() !== '') {
    data.append(rule.name, value.trim());
  }
}

/** The multipart body: text trimmed, checkboxes "true"/"false", files cv/passport/photo, honeypot `website`. */
export function applicationFormData(values: FormValues): FormData {
  const data = new FormData();
  for (const rule of formFields('application')) {
    if (rule.onlyWhen && values[rule.onlyWhen] !== true) continue;
    appendField(data, rule, values[rule.name]);
  }
  data.append('website', typeof values.website === 'string' ? values.website : '');
  if (typeof values.jobId === 'string' && values.jobId) data.append('jobId', values.jobId);
  return data;
}

export function submitApplication(
  values: FormValues,
  onProgress?: UploadProgress,
): Promise<ApplicationCreated> {
  return upload('/api/applications', applicationFormData(values), onProgress);
}
