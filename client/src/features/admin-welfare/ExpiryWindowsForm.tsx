/** The expiry watch's window per document type: how long before its expiry a document counts as
 * expiring soon (the daily sweep's reminders, the dashboard's counts). Saved on the version read:
 * a change made meanwhile by someone else is refused and the form reads the windows again. */
import { useState, type FormEvent } from 'react';
import { AsyncView, fieldErrors, formatDateTime, runAction } from '@/features/admin-shell';
import { ApiError } from '@/lib/api-client';
import { useResource } from '@/lib/use-resource';
import { getWindows, setWindows, type ExpiryWindows } from './api/welfare';

type Field = 'passportMonths' | 'medicalDays' | 'policeClearanceDays' | 'visaDays';
const FIELDS: { name: Field; label: string; max: number }[] = [
  { name: 'passportMonths', label: 'Passport (months before expiry)', max: 24 },
  { name: 'medicalDays', label: 'Medical (days before expiry)', max: 365 },
  { name: 'policeClearanceDays', label: 'Police clearance (days before expiry)', max: 365 },
  { name: 'visaDays', label: 'Visa / work permit (days before expiry)', max: 365 },
];

function WindowsForm({ saved, onStale }: { saved: ExpiryWindows; onStale: () => void }) {
  const [current, setCurrent] = useState(saved);
  const [draft, setDraft] = useState<Record<Field, string>>(() => ({
    passportMonths: String(saved.passportMonths),
    medicalDays: String(saved.medicalDays),
    policeClearanceDays: String(saved.policeClearanceDays),
    visaDays: String(saved.visaDays),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let stale = false;
    let refused: Record<string, string> = {};
    const body = {
      expectedVersion: current.version,
      ...Object.fromEntries(FIELDS.map(({ name }) => [name, Number(draft[name])])),
    } as Parameters<typeof setWindows>[0];
    const answer = await runAction(
      () =>
        setWindows(body).catch((failure: unknown) => {
          refused = fieldErrors(failure) ?? {};
          stale = failure instanceof ApiError && failure.status === 409;
          throw failure;
        }),
      'Expiry windows saved',
    );
    setErrors(refused);
    if (answer) setCurrent(answer);
    if (stale) onStale();
  };

  return (
    <form
      className="admin-form admin-form--grid"
      aria-label="Expiry windows"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
    >
      {FIELDS.map(({ name, label, max }) => (
        <div className="admin-field" key={name}>
          <label htmlFor={`window-${name}`}>{label}</label>
          <input
            id={`window-${name}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={draft[name]}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `window-${name}-error` : undefined}
            onChange={(event) => setDraft((d) => ({ ...d, [name]: event.target.value }))}
          />
          {errors[name] ? (
            <p id={`window-${name}-error`} className="admin-error" role="alert">
              {errors[name]}
            </p>
          ) : null}
        </div>
      ))}
      <p className="admin-muted admin-small admin-field--full" data-testid="windows-version">
        {current.version
          ? `Set by ${current.updatedBy} on ${formatDateTime(current.updatedAt)}`
          : 'The defaults: nobody changed them yet.'}
      </p>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--primary">
          Save the windows
        </button>
      </div>
    </form>
  );
}

export function ExpiryWindowsForm() {
  const [state, reload] = useResource((signal) => getWindows(signal), 'expiry-windows');
  return (
    <section className="admin-card" aria-labelledby="windows-heading">
      <h2 id="windows-heading">Expiry windows</h2>
      <p className="admin-muted">
        A document counts as expiring soon this long before its expiry: its owner gets one notice, and a
        passport&apos;s holder one SMS.
      </p>
      <AsyncView state={state} onRetry={reload}>
        {(saved) => <WindowsForm key={saved.version} saved={saved} onStale={reload} />}
      </AsyncView>
    </section>
  );
}
