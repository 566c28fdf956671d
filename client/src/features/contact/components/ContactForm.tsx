import { Formik, type FormikHelpers } from 'formik';
import { useRef } from 'react';
import { CheckboxField, Honeypot, RuleField } from '@/components/form/Fields';
import { FocusFirstError } from '@/components/form/FocusFirstError';
import { FormShell } from '@/components/form/FormShell';
import { PhoneField } from '@/components/form/PhoneField';
import { agency } from '@/config/agency';
import { formFields } from '@/config/form-rules';
import { handleFailure, rulesFormSetup } from '@/lib/forms/rules-form';
import { toPayload, type FormValues } from '@/lib/forms/schema-from-rules';
import { toast } from '@/lib/forms/toast';
import { sendContactMessage } from '../api/send-contact-message';

export const CONTACT_SUCCESS = 'Message sent successfully! We will get back to you soon.';
export const CONTACT_FAILURE = 'Failed to send message. Please try again.';

const LABELS: Record<string, string> = {
  name: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number (optional)',
  service: 'Service of Interest (optional)',
  subject: 'Subject',
  message: 'Message',
  whatsappOptIn: agency.whatsappOptIn,
};

const setup = rulesFormSetup('contact');

/** The contact form: validated by the rules, posted to /api/contact-messages, reset on success. */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const onSubmit = async (values: FormValues, helpers: FormikHelpers<FormValues>) => {
    helpers.setStatus({});
    try {
      await sendContactMessage({ ...toPayload('contact', values), website: values.website ?? '' });
      void toast(CONTACT_SUCCESS, 'success');
      helpers.resetForm();
    } catch (error) {
      handleFailure(error, helpers, CONTACT_FAILURE, setup.order, formRef.current);
    }
  };
  return (
    <Formik initialValues={setup.initialValues} validationSchema={setup.validationSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <FormShell ref={formRef} label="Contact form" className="form-grid">
          {formFields('contact').map((rule) => {
            const label = LABELS[rule.name] ?? rule.name;
            if (rule.kind === 'region') return null; // beside its phone
            if (rule.kind === 'checkbox') return <CheckboxField key={rule.name} rule={rule} label={label} />;
            if (rule.region)
              return <PhoneField key={rule.name} rule={rule} label={label} regionName={rule.region} />;
            return <RuleField key={rule.name} rule={rule} label={label} wide={rule.name === 'subject'} />;
          })}
          <Honeypot />
          <FocusFirstError formRef={formRef} order={setup.order} />
          <button type="submit" className="button button--primary field--wide" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Message'}
          </button>
        </FormShell>
      )}
    </Formik>
  );
}
