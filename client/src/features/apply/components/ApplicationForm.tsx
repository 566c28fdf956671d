import { Formik, useFormikContext, type FormikHelpers } from 'formik';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CheckboxField, FileField, Honeypot, RuleField } from '@/components/form/Fields';
import { PhoneField } from '@/components/form/PhoneField';
import { PrivacyNoticeLink } from '@/components/ui/PrivacyNoticeLink';
import { FormShell } from '@/components/form/FormShell';
import { agency } from '@/config/agency';
import { applicationSteps, formFields } from '@/config/form-rules';
import type { FieldRule } from '@/config/rules';
import { ApiError } from '@/lib/api-client';
import { handleFailure, HONEYPOT } from '@/lib/forms/rules-form';
import {
  initialValuesFor,
  schemaFromRules,
  validateWith,
  type FormValues,
} from '@/lib/forms/schema-from-rules';
import { toast } from '@/lib/forms/toast';
import { preloadPaymentConfig, rememberPaymentKey, type FeeDue } from '../api/payments';
import { submitApplication } from '../api/submit-application';
import { clearDraft, loadDraft, saveDraft, type Draft } from '../lib/draft';
import { PaymentModal } from './PaymentModal';

export const APPLICATION_SUCCESS =
  'Application submitted successfully! You will receive SMS and email confirmations shortly.';
export const APPLICATION_FAILURE = 'Failed to submit application. Please try again.';
/** Uploads at least this large show a progress bar. */
export const LARGE_UPLOAD_BYTES = 256 * 1024;

const LABELS: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  phone: 'Phone Number',
  country: 'Current Country',
  city: 'Current City',
  dateOfBirth: 'Date of Birth',
  nationality: 'Nationality',
  preferredCountry: 'Preferred Country',
  jobCategory: 'Job Category',
  experience: 'Experience Level',
  education: 'Education Level',
  languages: 'Languages (comma separated)',
  availability: 'Availability',
  salary: 'Expected Salary (optional)',
  hasPassport: 'I have a valid passport',
  passportNumber: 'Passport Number',
  passportExpiry: 'Passport Expiry Date',
  cv: 'CV / Resume',
  passport: 'Passport Copy (optional)',
  photo: 'Passport Photo (optional)',
  additionalInfo: 'Additional Information (optional)',
  whatsappOptIn: agency.whatsappOptIn,
  terms: 'I accept the terms and conditions',
};

const STEPS = applicationSteps;
const ORDER = formFields('application').map((rule) => rule.name);
const STEP_SCHEMAS = STEPS.map((step) => schemaFromRules(step.form));
const FULL_SCHEMA = schemaFromRules('application');
const EMPTY: FormValues = { ...initialValuesFor('application'), [HONEYPOT]: '' };

/** The wizard step (1-based) that holds `field`. */
function stepOf(field: string): number {
  const index = STEPS.findIndex((step) => step.fields.includes(field));
  return index < 0 ? STEPS.length : index + 1;
}

function fileBytes(values: FormValues): number {
  return ['cv', 'passport', 'photo'].reduce((sum, name) => {
    const value = values[name];
    return sum + (value instanceof File ? value.size : 0);
  }, 0);
}

/** Keeps the draft in session storage as the person types. */
function DraftSaver({ step }: { step: number }) {
  const { values } = useFormikContext<FormValues>();
  useEffect(() => {
    const timer = window.setTimeout(() => saveDraft(step, values, EMPTY), 250);
    return () => window.clearTimeout(timer);
  }, [step, values]);
  return null;
}

/** After a submit that validation stopped, goes to the step of the first invalid field. */
function SubmitErrorRouter({ onInvalid }: { onInvalid: (field: string) => void }) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<FormValues>();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount <= handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const first = ORDER.find((name) => Boolean((errors as Record<string, unknown>)[name]));
    if (first) onInvalid(first);
  }, [submitCount, isSubmitting, isValidating, errors, onInvalid]);
  return null;
}

function StepField({
  rule,
  onPassportToggle,
}: {
  rule: FieldRule;
  onPassportToggle?: (checked: boolean) => void;
}) {
  const label = LABELS[rule.name] ?? rule.name;
  if (rule.kind === 'checkbox')
    return (
      <CheckboxField
        rule={rule}
        label={label}
        onToggle={rule.name === 'hasPassport' ? onPassportToggle : undefined}
        after={rule.name === 'terms' ? <PrivacyNoticeLink /> : undefined}
      />
    );
  if (rule.kind === 'file') return <FileField rule={rule} label={label} />;
  if (rule.kind === 'region') return null; // beside its phone
  if (rule.region) return <PhoneField rule={rule} label={label} regionName={rule.region} />;
  return <RuleField rule={rule} label={label} />;
}

/**
 * The four-step application wizard (spec sections 2-5): Next validates only the current step;
 * Submit posts everything with the files to /api/applications and opens the payment modal.
 */
/** The job the visitor applies for (from `/jobs/{id}`): fills category and country and is sent as `jobId`. */
export interface AppliedJob {
  id: string;
  title: string;
  category: string;
  country: string;
}

export function ApplicationForm({ job = null }: { job?: AppliedJob | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  // The draft is read after hydration: the pre-rendered page is the empty form, so the first
  // render must be too (a draft read during it made React discard the server HTML). Restoring it
  // remounts the form (the Formik key) with the saved values on the saved step.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [step, setStep] = useState(1);
  useEffect(() => {
    const saved = loadDraft();
    if (!saved) return;
    setDraft(saved);
    setStep(Math.min(Math.max(saved.step, 1), STEPS.length));
  }, []);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  // The submitted application and the fee the server gave it: the payment modal opens over the
  // wizard, which keeps its values until the modal is closed (issue 43).
  const [paymentFor, setPaymentFor] = useState<{ id: string; fee?: FeeDue | null } | null>(null);
  const resetWizard = useRef<(() => void) | null>(null);
  const initialValues = useMemo<FormValues>(
    () => ({
      ...EMPTY,
      ...(draft?.values ?? {}),
      ...(job ? { jobId: job.id, jobCategory: job.category, preferredCountry: job.country } : { jobId: '' }),
    }),
    [draft, job],
  );

  useEffect(() => {
    if (!focusTarget) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget, step]);

  const goToField = useCallback((field: string) => {
    setStep(stepOf(field));
    setFocusTarget(field);
  }, []);

  const closePayment = useCallback(() => {
    resetWizard.current?.();
    resetWizard.current = null;
    setStep(1);
    setPaymentFor(null);
  }, []);

  // The payment settings are fetched as the wizard reaches its last step, so the modal shows the
  // fee and the Pay button at once after the submit.
  useEffect(() => {
    if (step === STEPS.length) preloadPaymentConfig().catch(() => undefined);
  }, [step]);

  const onSubmit = async (values: FormValues, helpers: FormikHelpers<FormValues>) => {
    helpers.setStatus({});
    const large = fileBytes(values) >= LARGE_UPLOAD_BYTES;
    if (large) setProgress({ loaded: 0, total: fileBytes(values) });
    try {
      const { applicationId, paymentKey, fee } = await submitApplication(
        values,
        large ? (loaded, total) => setProgress({ loaded, total }) : undefined,
      );
      // The draft goes now (a reload or the checkout must not bring a sent application back); the
      // values on screen stay behind the modal and are reset when it closes.
      clearDraft();
      resetWizard.current = () => helpers.resetForm({ values: { ...EMPTY, jobId: '' } });
      void toast(APPLICATION_SUCCESS, 'success', `Your application ID: ${applicationId}`);
      rememberPaymentKey(applicationId, paymentKey);
      setPaymentFor({ id: applicationId, fee });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The server never says which application it was (the requester may not be its owner):
        // its ID has been sent again to the phone and e-mail on record, as the message says.
        const body = error.body as { message?: string } | null;
        void toast(body?.message ?? error.message, 'warning');
        return;
      }
      const fieldErrors = handleFailure(error, helpers, APPLICATION_FAILURE, ORDER, null);
      const first = fieldErrors
        ? [...ORDER, ...Object.keys(fieldErrors)].find((name) => fieldErrors[name])
        : undefined;
      if (first) goToField(first);
    } finally {
      setProgress(null);
    }
  };

  const current = STEPS[step - 1];
  if (!current) return null;

  return (
    <>
      <Formik
        key={draft ? 'draft' : 'new'}
        initialValues={initialValues}
        validationSchema={FULL_SCHEMA}
        onSubmit={onSubmit}
      >
        {({ values, isSubmitting, setTouched, touched, setFieldValue }) => {
          const next = async () => {
            const errors = await validateWith(STEP_SCHEMAS[step - 1]!, values);
            const stepTouched = Object.fromEntries(current.fields.map((name) => [name, true]));
            await setTouched({ ...touched, ...stepTouched }, true);
            const first = current.fields.find((name) => errors[name]);
            if (first) {
              setFocusTarget(first);
              return;
            }
            setStep((s) => Math.min(STEPS.length, s + 1));
            window.scrollTo?.({ top: formRef.current?.offsetTop ?? 0, behavior: 'smooth' });
          };
          const fields = formFields(current.form).filter(
            (rule) => !rule.onlyWhen || values[rule.onlyWhen] === true,
          );
          return (
            <FormShell ref={formRef} label="Job application" className="wizard">
              <ol className="wizard__steps">
                {STEPS.map((s, i) => (
                  <li
                    key={s.title}
                    className={i + 1 === step ? 'is-current' : i + 1 < step ? 'is-done' : ''}
                    aria-current={i + 1 === step ? 'step' : undefined}
                  >
                    <span className="wizard__num" aria-hidden="true">
                      {i + 1}
                    </span>
                    <span className="wizard__label">{s.title}</span>
                  </li>
                ))}
              </ol>
              <div
                className="progress"
                role="progressbar"
                aria-label="Application progress"
                aria-valuemin={1}
                aria-valuemax={STEPS.length}
                aria-valuenow={step}
                aria-valuetext={`Step ${step} of ${STEPS.length}`}
              >
                <span className="progress__fill" style={{ width: `${(step / STEPS.length) * 100}%` }} />
              </div>
              <fieldset className="form-grid wizard__fieldset">
                <legend className="wizard__legend">
                  Step {step} of {STEPS.length}: {current.title}
                </legend>
                {fields.map((rule) => (
                  <StepField
                    key={rule.name}
                    rule={rule}
                    onPassportToggle={(checked) => {
                      if (!checked) {
                        void setFieldValue('passportNumber', '', false);
                        void setFieldValue('passportExpiry', '', false);
                      }
                    }}
                  />
                ))}
              </fieldset>
              {step === STEPS.length ? <Honeypot /> : null}
              {progress ? (
                <div className="upload-progress" aria-live="polite">
                  <label htmlFor="application-upload-progress">
                    Uploading documents:{' '}
                    {progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0}%
                  </label>
                  <progress
                    id="application-upload-progress"
                    max={progress.total || 1}
                    value={progress.loaded}
                  />
                </div>
              ) : null}
              <div className="wizard__nav">
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => setStep((s) => Math.max(1, s - 1))}
                  disabled={step === 1 || isSubmitting}
                >
                  Previous
                </button>
                {step < STEPS.length ? (
                  // Its own key: the same <button> turned into the submit button while the tap on
                  // Next Step was still being handled submitted the form (step 4 showed "CV is
                  // required" before anything was touched).
                  <button
                    key="next"
                    type="button"
                    className="button button--primary"
                    onClick={() => void next()}
                  >
                    Next Step
                  </button>
                ) : (
                  <button key="submit" type="submit" className="button button--gold" disabled={isSubmitting}>
                    {isSubmitting ? 'Processing...' : 'Submit Application'}
                  </button>
                )}
              </div>
              {paymentFor ? null : <DraftSaver step={step} />}
              <SubmitErrorRouter onInvalid={goToField} />
            </FormShell>
          );
        }}
      </Formik>
      {paymentFor ? (
        <PaymentModal applicationId={paymentFor.id} fee={paymentFor.fee} onClose={closePayment} />
      ) : null}
    </>
  );
}
