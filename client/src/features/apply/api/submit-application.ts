/**
 * POST /api/applications as multipart/form-data, with upload progress (XMLHttpRequest:
 * fetch cannot report upload progress). 201 {applicationId}; 409 {message, applicationId}
 * for a duplicate within 24 h; 422 {errors}; 429 {message}. Failures throw `ApiError`.
 */
import { formFields } from '@/config/form-rules';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import type { FieldRule } from '@/config/rules';
import type { FormValue, FormValues } from '@/lib/forms/schema-from-rules';

export interface ApplicationCreated {
  applicationId: string;
  /** Starts paying this application's fee; also in the confirmation e-mail's payment link. */
  paymentKey: string;
}

export type UploadProgress = (loaded: number, total: number) => void;

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

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function submitApplication(
  values: FormValues,
  onProgress?: UploadProgress,
): Promise<ApplicationCreated> {
  const body = applicationFormData(values);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiBaseUrl}/applications`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
    }
    xhr.onload = () => {
      const answer = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as ApplicationCreated);
      else reject(new ApiError(xhr.status, answer));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, null, 'The connection failed. Please check your network and try again.'));
    xhr.ontimeout = xhr.onerror;
    xhr.send(body);
  });
}
