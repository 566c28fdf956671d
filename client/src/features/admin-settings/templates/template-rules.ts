/**
 * The template editor's own rules from `agency_core.messaging.templates` (exported by `make rules`
 * as `templateForm`); the placeholder and brace checks are the server's preview's.
 */
import { templateForm } from '@/generated/admin-rules.json';
import * as yup from 'yup';

export interface TemplateValues {
  text: string;
}

const LIMITS: Record<string, number> = templateForm.maxLength;

/** The text of a template on `channel`: required, and at most that channel's length. */
export function templateSchema(channel: string): yup.ObjectSchema<TemplateValues> {
  const max = LIMITS[channel] ?? Math.max(...Object.values(LIMITS));
  return yup.object({
    text: yup
      .string()
      // formik hands an empty field over as undefined
      .default('')
      .test('required', templateForm.messages.required, (text) => text.trim() !== '')
      .max(max, templateForm.messages.tooLong.replace('{max}', String(max))),
  });
}
