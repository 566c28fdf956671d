import { useId, type FormEvent } from 'react';
import { FieldShell } from '@/components/ui/FieldShell';
import { formFields } from '@/config/form-rules';
import { constants } from '@/config/rules';

const LABELS: Record<string, string> = {
  fullName: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  countryOfInterest: 'Country of Interest (optional)',
  serviceType: 'Service Type',
  preferredDate: 'Preferred Date',
  preferredTime: 'Preferred Time',
  message: 'Message (optional)',
  consent: 'I agree to be contacted about this appointment and accept the terms',
};

/** Static shell of the appointment form; the forms work adds validation and booking. */
export function AppointmentForm() {
  const uid = useId();
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <form className="form-grid" onSubmit={onSubmit} noValidate aria-label="Appointment booking form">
      {formFields('appointment').map((rule) =>
        rule.name === 'serviceType' ? (
          <fieldset key={rule.name} className="field field--wide radio-cards">
            <legend>{LABELS.serviceType} *</legend>
            {(rule.options ?? []).map((option) => (
              <label key={option} className="radio-card">
                <input type="radio" name="serviceType" value={option} />
                <span>{constants.serviceTypeLabels[option] ?? option}</span>
              </label>
            ))}
          </fieldset>
        ) : (
          <FieldShell key={rule.name} rule={rule} idPrefix={uid} label={LABELS[rule.name] ?? rule.name} />
        ),
      )}
      <button type="submit" className="button button--primary field--wide">
        Book Appointment
      </button>
    </form>
  );
}
