import { Formik, type FormikHelpers } from 'formik';
import { useRef } from 'react';
import { Honeypot, RuleField } from '@/components/form/Fields';
import { FocusFirstError } from '@/components/form/FocusFirstError';
import { FormShell } from '@/components/form/FormShell';
import { formFields } from '@/config/form-rules';
import { handleFailure, HONEYPOT } from '@/lib/forms/rules-form';
import { schemaFromRules, toPayload, type FormValues } from '@/lib/forms/schema-from-rules';
import { toast } from '@/lib/forms/toast';
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, subscribeNewsletter } from '@/lib/newsletter';

const FIELDS = ['name', 'email'] as const;
const LABELS: Record<string, string> = { name: 'Your Name', email: 'Email Address' };
const schema = schemaFromRules('newsletter', { fields: FIELDS });
const initialValues: FormValues = { name: '', email: '', [HONEYPOT]: '' };

/** The blog sidebar's newsletter box (lazy-loaded): name and e-mail, subscribed through the newsletter API. */
export default function BlogNewsletterBox() {
  const formRef = useRef<HTMLFormElement>(null);
  const rules = formFields('newsletter').filter((rule) => (FIELDS as readonly string[]).includes(rule.name));
  const onSubmit = async (values: FormValues, helpers: FormikHelpers<FormValues>) => {
    helpers.setStatus({});
    try {
      await subscribeNewsletter({ ...toPayload('newsletter', values), website: values.website ?? '' });
      void toast(NEWSLETTER_SUCCESS, 'success');
      helpers.resetForm();
    } catch (error) {
      handleFailure(error, helpers, NEWSLETTER_FAILURE, FIELDS, formRef.current);
    }
  };
  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <FormShell ref={formRef} label="Blog newsletter" className="form-stack blog-newsletter">
          {rules.map((rule) => (
            <RuleField key={rule.name} rule={rule} label={LABELS[rule.name] ?? rule.name} />
          ))}
          <Honeypot />
          <FocusFirstError formRef={formRef} order={FIELDS} />
          <button type="submit" className="button button--gold button--block" disabled={isSubmitting}>
            {isSubmitting ? 'Subscribing...' : 'Subscribe'}
          </button>
        </FormShell>
      )}
    </Formik>
  );
}
