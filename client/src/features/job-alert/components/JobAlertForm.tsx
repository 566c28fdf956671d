import { Formik, type FormikHelpers } from 'formik';
import { useRef, useState } from 'react';
import { Honeypot, RuleField } from '@/components/form/Fields';
import { FocusFirstError } from '@/components/form/FocusFirstError';
import { FormShell } from '@/components/form/FormShell';
import { formFields } from '@/config/form-rules';
import { handleFailure, rulesFormSetup } from '@/lib/forms/rules-form';
import { toPayload, type FormValues } from '@/lib/forms/schema-from-rules';
import { toast } from '@/lib/forms/toast';
import { createJobAlert } from '../api/create-job-alert';

export const JOB_ALERT_SUCCESS =
  "Job alerts activated! You'll receive notifications for matching opportunities.";
export const JOB_ALERT_FAILURE = 'Failed to set up job alerts. Please try again.';

const LABELS: Record<string, string> = {
  email: 'Email Address',
  jobCategory: 'Job Category',
  preferredCountry: 'Preferred Country',
  salaryRange: 'Salary Range (optional)',
  experienceLevel: 'Experience Level (optional)',
};

const setup = rulesFormSetup('jobAlert');

/** The home page's job-alert sign-up (lazy-loaded): form, then the "Job Alerts Activated!" panel. */
export default function JobAlertForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [activated, setActivated] = useState(false);
  if (activated) {
    return (
      <div className="success-panel" role="status">
        <h3>Job Alerts Activated!</h3>
        <p>We will e-mail you as soon as matching openings arrive.</p>
        <button type="button" className="button button--outline" onClick={() => setActivated(false)}>
          Set up another alert
        </button>
      </div>
    );
  }
  const onSubmit = async (values: FormValues, helpers: FormikHelpers<FormValues>) => {
    helpers.setStatus({});
    try {
      await createJobAlert({ ...toPayload('jobAlert', values), website: values.website ?? '' });
      void toast(JOB_ALERT_SUCCESS, 'success');
      setActivated(true);
    } catch (error) {
      handleFailure(error, helpers, JOB_ALERT_FAILURE, setup.order, formRef.current);
    }
  };
  return (
    <Formik initialValues={setup.initialValues} validationSchema={setup.validationSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <FormShell ref={formRef} label="Job alert sign-up" className="job-alert-form">
          {formFields('jobAlert').map((rule) => (
            <RuleField
              key={rule.name}
              rule={rule}
              label={LABELS[rule.name] ?? rule.name}
              wide={rule.name === 'email'}
            />
          ))}
          <Honeypot />
          <FocusFirstError formRef={formRef} order={setup.order} />
          <button type="submit" className="button button--gold field--wide" disabled={isSubmitting}>
            {isSubmitting ? 'Activating...' : 'Activate Job Alerts'}
          </button>
        </FormShell>
      )}
    </Formik>
  );
}
