import { useId, type FormEvent } from 'react';
import { formFields } from '@/config/form-rules';

const LABELS: Record<string, string> = {
  email: 'Email Address',
  jobCategory: 'Job Category',
  preferredCountry: 'Preferred Country',
  salaryRange: 'Salary Range',
  experienceLevel: 'Experience Level',
};

/**
 * Static shell of the job-alert form (fields and options from rules.json). The forms work
 * replaces it with the validated form; submitting is disabled until then.
 */
export default function JobAlertForm() {
  const uid = useId();
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <form className="job-alert-form" onSubmit={onSubmit} noValidate aria-label="Job alert sign-up">
      {formFields('jobAlert').map((field) => {
        const id = `${uid}-${field.name}`;
        const label = `${LABELS[field.name] ?? field.name}${field.required ? '' : ' (optional)'}`;
        return (
          <div key={field.name} className={field.name === 'email' ? 'field field--wide' : 'field'}>
            <label htmlFor={id}>{label}</label>
            {field.kind === 'select' ? (
              <select id={id} name={field.name} defaultValue="" aria-required={field.required ? true : undefined}>
                <option value="">Select...</option>
                {(field.options ?? []).map((o) => (
                  <option key={o} value={o}>{o}</option>
                ))}
              </select>
            ) : (
              <input id={id} name={field.name} type="email" autoComplete="email" maxLength={field.maxLength} aria-required="true" />
            )}
          </div>
        );
      })}
      <button type="submit" className="button button--gold field--wide">
        Activate Job Alerts
      </button>
    </form>
  );
}
