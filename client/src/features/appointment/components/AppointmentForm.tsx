import { Formik, type FormikHelpers } from 'formik';
import { useRef, useState } from 'react';
import { CheckboxField, Honeypot, RadioGroupField, RuleField } from '@/components/form/Fields';
import { PhoneField } from '@/components/form/PhoneField';
import { PrivacyNoticeLink } from '@/components/ui/PrivacyNoticeLink';
import { FocusFirstError } from '@/components/form/FocusFirstError';
import { FormShell } from '@/components/form/FormShell';
import { agency } from '@/config/agency';
import { formFields } from '@/config/form-rules';
import { constants } from '@/config/rules';
import { handleFailure, rulesFormSetup } from '@/lib/forms/rules-form';
import { ApiError } from '@/lib/api-client';
import { toPayload, type FormValues } from '@/lib/forms/schema-from-rules';
import { useAgencyToday } from '@/lib/forms/use-agency-today';
import { appointmentDate } from '@/lib/appointment-date';
import { toast } from '@/lib/forms/toast';
import { bookAppointment } from '../api/book-appointment';
import { PreferredTimeField } from './PreferredTimeField';

export const APPOINTMENT_SUCCESS =
  'Appointment booked successfully! You will receive a confirmation SMS shortly.';
export const APPOINTMENT_FAILURE = 'Failed to book appointment. Please try again or contact us directly.';

const LABELS: Record<string, string> = {
  fullName: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  countryOfInterest: 'Country of Interest (optional)',
  serviceType: 'Service Type',
  preferredDate: 'Preferred Date',
  preferredTime: 'Preferred Time',
  message: 'Message (optional)',
  whatsappOptIn: agency.whatsappOptIn,
  consent: 'I agree to be contacted about this appointment and accept the terms',
};

export const ADD_TO_CALENDAR = 'Add to calendar';

const setup = rulesFormSetup('appointment');

interface Booked {
  date: string;
  time: string;
  calendarUrl: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The booking just made, with its weekday, and its calendar file: it stays after the toast has gone. */
function BookedPanel({ booked }: { booked: Booked }) {
  return (
    <div className="success-panel field--wide" role="status" aria-label="Your booking">
      <p>
        Booked for {appointmentDate(booked.date)} at {booked.time}.
      </p>
      {booked.calendarUrl ? (
        <a className="button button--outline" href={booked.calendarUrl} download="appointment.ics">
          {ADD_TO_CALENDAR}
        </a>
      ) : null}
    </div>
  );
}

/** The appointment form: posted to /api/appointments; the reference is shown in the toast. */
export function AppointmentForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const today = useAgencyToday();
  const [slotsVersion, setSlotsVersion] = useState(0);
  const [booked, setBooked] = useState<Booked | null>(null);
  const onSubmit = async (values: FormValues, helpers: FormikHelpers<FormValues>) => {
    helpers.setStatus({});
    setBooked(null);
    try {
      const { reference, calendarUrl } = await bookAppointment({
        ...toPayload('appointment', values),
        website: values.website ?? '',
      });
      void toast(APPOINTMENT_SUCCESS, 'success', `Your booking reference: ${reference}`);
      setBooked({ date: text(values.preferredDate), time: text(values.preferredTime), calendarUrl });
      helpers.resetForm();
      setSlotsVersion((version) => version + 1); // the slot just taken is taken in the window too
    } catch (error) {
      handleFailure(error, helpers, APPOINTMENT_FAILURE, setup.order, formRef.current);
      if (error instanceof ApiError && error.status === 409) {
        // The slot filled up meanwhile: say so at the time field and offer the free slots again.
        void helpers.setFieldValue('preferredTime', '', false);
        helpers.setStatus({ serverErrors: { preferredTime: error.message } });
        setSlotsVersion((version) => version + 1);
      }
    }
  };
  return (
    <Formik initialValues={setup.initialValues} validationSchema={setup.validationSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <FormShell ref={formRef} label="Appointment booking form" className="form-grid">
          {formFields('appointment').map((rule) => {
            const label = LABELS[rule.name] ?? rule.name;
            if (rule.name === 'serviceType') {
              return (
                <RadioGroupField
                  key={rule.name}
                  rule={rule}
                  label={label}
                  optionLabels={constants.serviceTypeLabels}
                />
              );
            }
            if (rule.name === 'preferredTime') {
              return <PreferredTimeField key={rule.name} rule={rule} label={label} version={slotsVersion} />;
            }
            if (rule.kind === 'checkbox')
              return (
                <CheckboxField
                  key={rule.name}
                  rule={rule}
                  label={label}
                  after={rule.name === 'consent' ? <PrivacyNoticeLink /> : undefined}
                />
              );
            if (rule.kind === 'region') return null; // beside its phone
            if (rule.region)
              return <PhoneField key={rule.name} rule={rule} label={label} regionName={rule.region} />;
            return (
              <RuleField
                key={rule.name}
                rule={rule}
                label={label}
                min={rule.notBeforeToday ? today : undefined}
              />
            );
          })}
          <Honeypot />
          <FocusFirstError formRef={formRef} order={setup.order} />
          <button type="submit" className="button button--primary field--wide" disabled={isSubmitting}>
            {isSubmitting ? 'Booking...' : 'Book Appointment'}
          </button>
          {booked ? <BookedPanel booked={booked} /> : null}
        </FormShell>
      )}
    </Formik>
  );
}
