import { Formik, type FormikHelpers } from 'formik';
import { useRef } from 'react';
import { CheckboxGroupField, Honeypot, RuleField } from '@/components/form/Fields';
import { FocusFirstError } from '@/components/form/FocusFirstError';
import { FormShell } from '@/components/form/FormShell';
import { formFields } from '@/config/form-rules';
import { handleFailure, rulesFormSetup } from '@/lib/forms/rules-form';
import { toPayload, type FormValues } from '@/lib/forms/schema-from-rules';
import { toast } from '@/lib/forms/toast';
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, subscribeNewsletter } from '@/lib/newsletter';
import { markPopupShown } from '../lib/popup-flag';

const LABELS: Record<string, string> = { name: 'Full Name', email: 'Email Address', interests: 'Interests' };

const setup = rulesFormSetup('newsletter');

/**
 * The pop-up's subscription form. A submit that reaches the API stores the
 * `newsletter-popup-shown` flag whatever the answer; `onSubscribed` (which also hides the
 * pop-up) runs on success and on a failure, except when the API points at fields to correct.
 */
export function NewsletterForm({ onSubscribed }: { onSubscribed: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const onSubmit = async (values: FormValues, helpers: FormikHelpers<FormValues>) => {
    helpers.setStatus({});
    try {
      await subscribeNewsletter({ ...toPayload('newsletter', values), website: values.website ?? '' });
      void toast(NEWSLETTER_SUCCESS, 'success');
      onSubscribed();
    } catch (error) {
      const fieldErrors = handleFailure(error, helpers, NEWSLETTER_FAILURE, setup.order, formRef.current);
      if (fieldErrors) markPopupShown();
      else onSubscribed();
    }
  };
  return (
    <Formik initialValues={setup.initialValues} validationSchema={setup.validationSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <FormShell ref={formRef} label="Newsletter sign-up" className="form-stack">
          {formFields('newsletter').map((rule) =>
            rule.kind === 'multiselect' ? (
              <CheckboxGroupField key={rule.name} rule={rule} label={LABELS[rule.name] ?? rule.name} />
            ) : (
              <RuleField key={rule.name} rule={rule} label={LABELS[rule.name] ?? rule.name} />
            ),
          )}
          <Honeypot />
          <FocusFirstError formRef={formRef} order={setup.order} />
          <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
            {isSubmitting ? 'Subscribing...' : 'Subscribe'}
          </button>
        </FormShell>
      )}
    </Formik>
  );
}
