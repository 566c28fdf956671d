import { useFormik, type FormikProps } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/notify';
import {
  errorMessage,
  fieldErrors,
  APPLICATION_STATUSES,
  type AdminSettings,
  messageAt,
  nestedErrors,
  useFocusFirstInvalid,
  formatDateTime,
  setStaffTimeZone,
  STAFF_ZONES,
  staffTimeZone,
  humanize,
  useAdminTitle,
  AsyncView,
  PageHeader,
  PagedTable,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import { getSettings, listAudit, saveSettings } from './api/settings';
import { WhatsAppLine } from './WhatsAppLine';
import { settingsBody, settingsRules, settingsSchema, valuesOf, type SettingsValues } from './settings-rules';

export { validateSettings } from './settings-rules';

type SettingsFormik = FormikProps<SettingsValues>;

const PHONE_FIELDS = Array.from({ length: settingsRules.adminPhoneCount }, (_, i) => `adminPhones.${i}`);
const FIELD_ORDER = [
  ...PHONE_FIELDS,
  'smsSender',
  'smsMaxParts',
  'appointmentCapacity',
  'closedText',
  'bookingHorizonDays',
  'dailyBookingsPerPerson',
];
const FIELD_IDS: Record<string, string> = {
  smsSender: 'settings-sender',
  smsMaxParts: 'settings-sms-parts',
  appointmentCapacity: 'settings-capacity',
  closedText: 'settings-closed',
  bookingHorizonDays: 'settings-horizon',
  dailyBookingsPerPerson: 'settings-daily-limit',
};
const settingsFieldId = (name: string) => FIELD_IDS[name] ?? `settings-phone-${name.split('.')[1]}`;

/** aria-invalid and aria-describedby of the field `name` (its message, else its hint). */
function described(form: SettingsFormik, name: string) {
  const id = settingsFieldId(name);
  const invalid = Boolean(messageAt(form.errors, name));
  return {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `${id}-error` : `${id}-hint`,
  };
}

function FieldError({ form, name }: { form: SettingsFormik; name: string }) {
  const message = messageAt(form.errors, name);
  return message ? (
    <p className="admin-error" id={`${settingsFieldId(name)}-error`}>
      {message}
    </p>
  ) : null;
}

function PhoneFields({ form }: { form: SettingsFormik }) {
  return (
    <fieldset className="admin-card">
      <legend className="h3">Admin alert numbers</legend>
      <p className="admin-muted admin-small">
        Every new application sends an alert to these four numbers (international format).
      </p>
      <div className="admin-form admin-form--grid">
        {PHONE_FIELDS.map((name, index) => {
          const id = settingsFieldId(name);
          return (
            <div className="admin-field" key={id}>
              <label htmlFor={id}>Admin phone {index + 1}</label>
              <input
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={form.values.adminPhones[index] ?? ''}
                {...described(form, name)}
                onChange={(e) => void form.setFieldValue(name, e.target.value)}
              />
              <span id={`${id}-hint`} hidden />
              <FieldError form={form} name={name} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function TextMessageFields({ form }: { form: SettingsFormik }) {
  return (
    <fieldset className="admin-card">
      <legend className="h3">Text messages</legend>
      <div className="admin-field">
        <label htmlFor="settings-sender">SMS sender id</label>
        <input
          maxLength={settingsRules.senderMaxLength + 5}
          value={form.values.smsSender}
          {...described(form, 'smsSender')}
          onChange={(e) => void form.setFieldValue('smsSender', e.target.value)}
        />
        <p className="admin-muted admin-small" id="settings-sender-hint">
          At most {settingsRules.senderMaxLength} characters.
        </p>
        <FieldError form={form} name="smsSender" />
      </div>
      <div className="admin-field">
        <label htmlFor="settings-sms-parts">Most SMS parts per message template</label>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={settingsRules.maxSmsParts}
          value={form.values.smsMaxParts}
          {...described(form, 'smsMaxParts')}
          onChange={(e) => void form.setFieldValue('smsMaxParts', e.target.value)}
        />
        <p className="admin-muted admin-small" id="settings-sms-parts-hint">
          Every part is billed. A template that would take more parts with the longest names and links cannot
          be saved.
        </p>
        <FieldError form={form} name="smsMaxParts" />
      </div>
      <fieldset className="admin-field admin-checks">
        <legend>Send an SMS to the applicant when the status becomes</legend>
        {APPLICATION_STATUSES.map((status) => (
          <label key={status}>
            <input
              type="checkbox"
              checked={form.values.statusSms[status]}
              onChange={(e) => void form.setFieldValue(`statusSms.${status}`, e.target.checked)}
            />
            {humanize(status)}
          </label>
        ))}
        <p className="admin-muted admin-small">
          Approved also covers the SMS of each stage after approval (the pipeline&apos;s); their e-mails still
          go.
        </p>
      </fieldset>
    </fieldset>
  );
}

function AppointmentFields({ form }: { form: SettingsFormik }) {
  return (
    <fieldset className="admin-card">
      <legend className="h3">Appointments</legend>
      <div className="admin-field">
        <label htmlFor="settings-capacity">Consultations per time slot</label>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={settingsRules.maxAppointmentCapacity}
          value={form.values.appointmentCapacity}
          {...described(form, 'appointmentCapacity')}
          onChange={(e) => void form.setFieldValue('appointmentCapacity', e.target.value)}
        />
        <p className="admin-muted admin-small" id="settings-capacity-hint">
          How many people can book each of the nine slots (Monday to Friday).
        </p>
        <FieldError form={form} name="appointmentCapacity" />
      </div>
      <div className="admin-field">
        <label htmlFor="settings-closed">Closed dates (public holidays)</label>
        <textarea
          rows={3}
          value={form.values.closedText}
          {...described(form, 'closedText')}
          onChange={(e) => void form.setFieldValue('closedText', e.target.value)}
        />
        <p className="admin-muted admin-small" id="settings-closed-hint">
          One date per line, as YYYY-MM-DD. No bookings are taken on these dates.
        </p>
        <FieldError form={form} name="closedText" />
      </div>
      <div className="admin-field">
        <label htmlFor="settings-horizon">Booking horizon (days ahead)</label>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={settingsRules.maxBookingHorizonDays}
          value={form.values.bookingHorizonDays}
          {...described(form, 'bookingHorizonDays')}
          onChange={(e) => void form.setFieldValue('bookingHorizonDays', e.target.value)}
        />
        <p className="admin-muted admin-small" id="settings-horizon-hint">
          How many days ahead an appointment can be booked or moved to.
        </p>
        <FieldError form={form} name="bookingHorizonDays" />
      </div>
      <div className="admin-field">
        <label htmlFor="settings-daily-limit">Bookings per person per day</label>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={settingsRules.maxDailyBookingsPerPerson}
          value={form.values.dailyBookingsPerPerson}
          {...described(form, 'dailyBookingsPerPerson')}
          onChange={(e) => void form.setFieldValue('dailyBookingsPerPerson', e.target.value)}
        />
        <p className="admin-muted admin-small" id="settings-daily-limit-hint">
          How many appointments one phone number or e-mail address can hold on one day.
        </p>
        <FieldError form={form} name="dailyBookingsPerPerson" />
      </div>
    </fieldset>
  );
}

/** The server names the closed dates `closedDates`; the form edits them as `closedText`. */
function formErrors(flat: Record<string, string>) {
  const { closedDates, ...rest } = flat;
  return nestedErrors<SettingsValues>(closedDates ? { ...rest, closedText: closedDates } : rest);
}

function SettingsForm({ initial }: { initial: AdminSettings }) {
  const invalidate = useInvalidate();
  // Checked on submit only (as the server checks); the messages stay until the next submit.
  const form: SettingsFormik = useFormik<SettingsValues>({
    initialValues: valuesOf(initial),
    validationSchema: settingsSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await saveSettings(settingsBody(values));
        helpers.resetForm({ values: valuesOf(saved) });
        void notify('Settings saved', 'success');
        // Read again in the background (the form keeps its state), and the audit log gains the change.
        invalidate(['settings'], ['audit']);
      } catch (error) {
        const fields = fieldErrors(error);
        if (fields) helpers.setErrors(formErrors(fields));
        void notify(errorMessage(error, 'Failed to save the settings'), 'error');
      }
    },
  });
  useFocusFirstInvalid(form, FIELD_ORDER, settingsFieldId);

  return (
    <form className="admin-form" onSubmit={form.handleSubmit} noValidate>
      <PhoneFields form={form} />
      <TextMessageFields form={form} />
      <AppointmentFields form={form} />
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={form.isSubmitting}>
          {form.isSubmitting ? 'Saving...' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}

/** Which zone this staff member reads the admin area's times in (kept on this device). */
function TimeZonePreference() {
  const [zone, setZone] = useState(staffTimeZone);
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = [...new Set<string>([...STAFF_ZONES, own])];
  return (
    <section className="admin-card" aria-labelledby="zone-heading">
      <h2 id="zone-heading" className="h3">
        Your time zone
      </h2>
      <div className="admin-field">
        <label htmlFor="settings-zone">Show times in</label>
        <select
          id="settings-zone"
          value={zone}
          onChange={(e) => {
            setStaffTimeZone(e.target.value);
            setZone(e.target.value);
            void notify(`Times are shown in ${e.target.value}`, 'success');
          }}
        >
          {zones.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

function AuditLog() {
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery({
    key: ['audit', page],
    load: (signal) => listAudit(page, 20, signal),
  });
  return (
    <section className="admin-card" aria-labelledby="audit-heading">
      <div className="admin-card__head">
        <h2 id="audit-heading">Audit log</h2>
        <button type="button" className="admin-button admin-button--ghost" onClick={reload}>
          Refresh
        </button>
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <>
            <PagedTable
              data={data}
              label="Audit log"
              onPage={setPage}
              caption="Admin actions, newest first"
              hiddenCaption
              columns={['When', 'Who', 'What', 'Target']}
              empty="No admin actions recorded yet."
              row={(entry) => (
                <tr key={entry.id}>
                  <th scope="row">{formatDateTime(entry.at)}</th>
                  <td>{entry.actor}</td>
                  <td>{entry.action}</td>
                  <td>{entry.target}</td>
                </tr>
              )}
            />
          </>
        )}
      </AsyncView>
    </section>
  );
}

export default function SettingsPage() {
  useAdminTitle('Settings');
  const [state, reload] = useAdminQuery({ key: ['settings'], load: getSettings });
  return (
    <>
      <PageHeader title="Settings">
        <Link className="admin-button" to="/admin/fees">
          Fee policy
        </Link>
        <Link className="admin-button" to="/admin/data-requests">
          Data requests (privacy)
        </Link>
      </PageHeader>
      <AsyncView state={state} onRetry={reload}>
        {(settings) => <SettingsForm initial={settings} />}
      </AsyncView>
      <WhatsAppLine />
      <TimeZonePreference />
      <AuditLog />
    </>
  );
}
