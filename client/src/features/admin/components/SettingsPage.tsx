import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { errorMessage, fieldErrors } from '../api/client';
import { getSettings, listAudit, saveSettings } from '../api/endpoints';
import { APPLICATION_STATUSES, type AdminSettings } from '../api/types';
import { useResource } from '@/lib/use-resource';
import {
  formatDateTime,
  humanize,
  setStaffTimeZone,
  STAFF_ZONES,
  staffTimeZone,
  useAdminTitle,
} from './hooks';
import { AsyncView, PageHeader, PagedTable } from './ui';

export const SENDER_MAX = 11;
const E164 = /^\+[1-9]\d{7,14}$/;
export const normalisePhone = (value: string) => value.replace(/[\s\-().]/g, '');

/** Client-side checks mirroring the server: E.164 phones, a sender id of 1 to 11 characters. */
export function validateSettings(settings: AdminSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  settings.adminPhones.forEach((phone, index) => {
    if (!E164.test(normalisePhone(phone)))
      errors[`adminPhones.${index}`] = 'Enter the number in international format, e.g. +233241234567';
  });
  const sender = settings.smsSender.trim();
  if (!sender) errors.smsSender = 'The sender id is required';
  else if (sender.length > SENDER_MAX)
    errors.smsSender = `The sender id must be at most ${SENDER_MAX} characters`;
  return errors;
}

function serverErrors(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) out[key.replace(/\[(\d+)\]/, '.$1')] = value;
  return out;
}

const splitDates = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

function SettingsForm({ initial }: { initial: AdminSettings }) {
  const [values, setValues] = useState<AdminSettings>(() => ({
    ...initial,
    adminPhones: [0, 1, 2, 3].map((i) => initial.adminPhones[i] ?? ''),
  }));
  const [closedText, setClosedText] = useState(() => initial.closedDates.join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: AdminSettings = {
      ...values,
      adminPhones: values.adminPhones.map(normalisePhone),
      smsSender: values.smsSender.trim(),
    };
    const found = validateSettings(body);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0] ?? '';
      document
        .getElementById(first === 'smsSender' ? 'settings-sender' : `settings-phone-${first.split('.')[1]}`)
        ?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSettings(body);
      setValues(saved);
      setClosedText(saved.closedDates.join('\n'));
      void notify('Settings saved', 'success');
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(serverErrors(fields));
      void notify(errorMessage(error, 'Failed to save the settings'), 'error');
    } finally {
      setSaving(false);
    }
  };

  const described = (key: string, id: string) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-error` : `${id}-hint`,
  });

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <fieldset className="admin-card">
        <legend className="h3">Admin alert numbers</legend>
        <p className="admin-muted admin-small">
          Every new application sends an alert to these four numbers (international format).
        </p>
        <div className="admin-form admin-form--grid">
          {values.adminPhones.map((phone, index) => {
            const key = `adminPhones.${index}`;
            const id = `settings-phone-${index}`;
            return (
              <div className="admin-field" key={id}>
                <label htmlFor={id}>Admin phone {index + 1}</label>
                <input
                  id={id}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={phone}
                  {...described(key, id)}
                  onChange={(e) =>
                    setValues((current) => ({
                      ...current,
                      adminPhones: current.adminPhones.map((p, i) => (i === index ? e.target.value : p)),
                    }))
                  }
                />
                <span id={`${id}-hint`} hidden />
                {errors[key] ? (
                  <p className="admin-error" id={`${id}-error`}>
                    {errors[key]}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="admin-card">
        <legend className="h3">Text messages</legend>
        <div className="admin-field">
          <label htmlFor="settings-sender">SMS sender id</label>
          <input
            id="settings-sender"
            maxLength={SENDER_MAX + 5}
            value={values.smsSender}
            {...described('smsSender', 'settings-sender')}
            onChange={(e) => setValues((current) => ({ ...current, smsSender: e.target.value }))}
          />
          <p className="admin-muted admin-small" id="settings-sender-hint">
            At most {SENDER_MAX} characters.
          </p>
          {errors.smsSender ? (
            <p className="admin-error" id="settings-sender-error">
              {errors.smsSender}
            </p>
          ) : null}
        </div>
        <fieldset className="admin-field admin-checks">
          <legend>Send an SMS to the applicant when the status becomes</legend>
          {APPLICATION_STATUSES.map((status) => (
            <label key={status}>
              <input
                type="checkbox"
                checked={values.statusSms[status]}
                onChange={(e) =>
                  setValues((current) => ({
                    ...current,
                    statusSms: { ...current.statusSms, [status]: e.target.checked },
                  }))
                }
              />
              {humanize(status)}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <fieldset className="admin-card">
        <legend className="h3">Appointments</legend>
        <div className="admin-field">
          <label htmlFor="settings-capacity">Consultations per time slot</label>
          <input
            id="settings-capacity"
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            value={values.appointmentCapacity}
            {...described('appointmentCapacity', 'settings-capacity')}
            onChange={(e) =>
              setValues((current) => ({ ...current, appointmentCapacity: Number(e.target.value) }))
            }
          />
          <p className="admin-muted admin-small" id="settings-capacity-hint">
            How many people can book each of the nine slots (Monday to Friday).
          </p>
          {errors.appointmentCapacity ? (
            <p className="admin-error" id="settings-capacity-error">
              {errors.appointmentCapacity}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor="settings-closed">Closed dates (public holidays)</label>
          <textarea
            id="settings-closed"
            rows={3}
            value={closedText}
            {...described('closedDates', 'settings-closed')}
            onChange={(e) => {
              setClosedText(e.target.value);
              setValues((current) => ({ ...current, closedDates: splitDates(e.target.value) }));
            }}
          />
          <p className="admin-muted admin-small" id="settings-closed-hint">
            One date per line, as YYYY-MM-DD. No bookings are taken on these dates.
          </p>
          {errors.closedDates ? (
            <p className="admin-error" id="settings-closed-error">
              {errors.closedDates}
            </p>
          ) : null}
        </div>
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Settings'}
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
  const [state, reload] = useResource((signal) => listAudit(page, 20, signal), `audit:${page}`);
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
  const [state, reload] = useResource(getSettings, 'settings');
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
      <TimeZonePreference />
      <AuditLog />
    </>
  );
}
