import { useId, useState, type FormEvent } from 'react';
import { FieldShell } from '@/components/ui/FieldShell';
import { applicationSteps, formFields } from '@/config/form-rules';

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
  terms: 'I accept the terms and conditions',
};

/**
 * Static shell of the four-step application wizard (steps and fields from rules.json).
 * Previous / Next Step move between steps; validation and submission come with the forms work.
 */
export function ApplicationForm() {
  const uid = useId();
  const steps = applicationSteps;
  const [step, setStep] = useState(1);
  const [hasPassport, setHasPassport] = useState(false);
  const current = steps[step - 1];
  const onSubmit = (event: FormEvent) => event.preventDefault();
  if (!current) return null;
  const fields = formFields(current.form).filter((f) => f.onlyWhen !== 'hasPassport' || hasPassport);

  return (
    <form className="wizard" onSubmit={onSubmit} noValidate aria-label="Job application">
      <ol className="wizard__steps">
        {steps.map((s, i) => (
          <li key={s.title} className={i + 1 === step ? 'is-current' : i + 1 < step ? 'is-done' : ''} aria-current={i + 1 === step ? 'step' : undefined}>
            <span className="wizard__num" aria-hidden="true">{i + 1}</span>
            <span className="wizard__label">{s.title}</span>
          </li>
        ))}
      </ol>
      <div className="progress" role="progressbar" aria-label="Application progress" aria-valuemin={1} aria-valuemax={steps.length} aria-valuenow={step} aria-valuetext={`Step ${step} of ${steps.length}`}>
        <span className="progress__fill" style={{ width: `${(step / steps.length) * 100}%` }} />
      </div>
      <fieldset className="form-grid wizard__fieldset">
        <legend className="wizard__legend">
          Step {step} of {steps.length}: {current.title}
        </legend>
        {fields.map((rule) =>
          rule.name === 'hasPassport' ? (
            <div key={rule.name} className="field field--wide">
              <label className="checkbox">
                <input type="checkbox" name="hasPassport" checked={hasPassport} onChange={(e) => setHasPassport(e.target.checked)} /> {LABELS.hasPassport}
              </label>
            </div>
          ) : (
            <FieldShell key={rule.name} rule={rule} idPrefix={uid} label={LABELS[rule.name] ?? rule.name} />
          ),
        )}
      </fieldset>
      <div className="wizard__nav">
        <button type="button" className="button button--outline" onClick={() => setStep((s) => Math.max(1, s - 1))} disabled={step === 1}>
          Previous
        </button>
        {step < steps.length ? (
          <button type="button" className="button button--primary" onClick={() => setStep((s) => Math.min(steps.length, s + 1))}>
            Next Step
          </button>
        ) : (
          <button type="submit" className="button button--gold">
            Submit Application
          </button>
        )}
      </div>
    </form>
  );
}
