/** Shared glue for a form built from the rules: initial values, schema, failure handling. */
import type { FormikHelpers } from 'formik';
import { formFields } from '@/config/form-rules';
import type { FormName } from '@/config/rules';
import { initialValuesFor, schemaFromRules, type FormValues } from './schema-from-rules';
import { failureDetail, fieldErrorsOf, focusFirstError } from './submit';
import { toast } from './toast';

export const HONEYPOT = 'website';

export function rulesFormSetup(form: FormName) {
  return {
    initialValues: { ...initialValuesFor(form), [HONEYPOT]: '' } as FormValues,
    validationSchema: schemaFromRules(form),
    order: formFields(form).map((rule) => rule.name),
  };
}

/**
 * Shows the spec's failure sentence (plus a reason for a 429 or another answer), puts the API's
 * 422 messages under their fields and focuses the first. Returns those messages, if any.
 */
export function handleFailure(
  error: unknown,
  helpers: Pick<FormikHelpers<FormValues>, 'setStatus'>,
  failureText: string,
  order: readonly string[],
  formEl: HTMLElement | null,
): Record<string, string> | null {
  const serverErrors = fieldErrorsOf(error);
  void toast(failureText, 'error', failureDetail(error));
  if (serverErrors) {
    helpers.setStatus({ serverErrors });
    focusFirstError(formEl, serverErrors, [...order, ...Object.keys(serverErrors)]);
  }
  return serverErrors;
}
