import { useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify';
import { errorMessage, formatDateTime, useAdminTitle, PageHeader } from '@/features/admin-shell';
import { erasePersonalData, exportHref, findPersonalData, type DataRequestResult } from './api/data-requests';

const COUNT_LABELS: [keyof DataRequestResult['counts'], string][] = [
  ['applications', 'Applications'],
  ['files', 'Files'],
  ['appointments', 'Appointments'],
  ['messages', 'Messages'],
  ['subscriptions', 'Newsletter subscriptions'],
  ['jobAlerts', 'Job alerts'],
  ['sms', 'SMS'],
  ['notes', 'Staff notes'],
  ['replies', 'Replies to messages'],
];

/** Data requests (Act 843): find by e-mail, phone or passport number, export one ZIP, erase after confirmation. */
export default function DataRequestsPage() {
  useAdminTitle('Data Requests');
  const [q, setQ] = useState('');
  const [result, setResult] = useState<DataRequestResult | null>(null);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    setError('');
    setConfirming(false);
    setBusy(true);
    try {
      setResult(await findPersonalData(q.trim()));
    } catch (failure) {
      setResult(null);
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const erase = async () => {
    setBusy(true);
    try {
      const done = await erasePersonalData(result?.query ?? q.trim(), confirm.trim());
      void notify(`Erased everything held about ${done.masked}`, 'success');
      setConfirming(false);
      setConfirm('');
      setResult(await findPersonalData(result?.query ?? q.trim()));
    } catch (failure) {
      void notify(errorMessage(failure), 'error');
    } finally {
      setBusy(false);
    }
  };

  const total = result ? Object.values<number>(result.counts).reduce((a, b) => a + b, 0) : 0;
  return (
    <>
      <PageHeader title="Data Requests" />
      <section className="admin-card">
        <form onSubmit={search} className="admin-field" aria-label="Find personal data">
          <label htmlFor="data-request-q">Email, phone or passport number of the person</label>
          <input
            id="data-request-q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="ama@example.com, 024 123 4567 or G1234567"
          />
          {error ? (
            <p className="admin-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="admin-button admin-button--primary" disabled={busy || !q.trim()}>
            Find
          </button>
        </form>
      </section>
      {result ? (
        <section className="admin-card" aria-labelledby="data-request-found">
          <h2 id="data-request-found">Held about {result.query}</h2>
          <ul data-testid="data-request-counts">
            {COUNT_LABELS.map(([key, label]) => (
              <li key={key}>
                {label}: {result.counts[key]}
              </li>
            ))}
          </ul>
          {result.applications.length ? (
            <>
              <h3>Applications</h3>
              <ul>
                {result.applications.map((a) => (
                  <li key={a.applicationId}>
                    {a.applicationId} ({a.status}, {formatDateTime(a.createdAt)}):{' '}
                    {a.files.map((f) => f.field).join(', ') || 'no files'}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {total ? (
            <div className="admin-page-header__actions">
              <a className="admin-button" href={exportHref(result.query)} download>
                Export ZIP
              </a>
              <button
                type="button"
                className="admin-button admin-button--danger"
                onClick={() => setConfirming(true)}
                disabled={busy}
              >
                Erase…
              </button>
            </div>
          ) : (
            <p className="admin-muted">Nothing is held about this person.</p>
          )}
          {confirming ? (
            <div role="alertdialog" aria-labelledby="erase-title" className="admin-card">
              <h3 id="erase-title">Erase everything held about {result.query}?</h3>
              <p>
                Records and files are deleted, pending SMS are cancelled, and the audit log keeps only a
                masked identifier. This cannot be undone. Type the same email, phone or passport number again
                to confirm.
              </p>
              <div className="admin-field">
                <label htmlFor="erase-confirm">Confirm email, phone or passport number</label>
                <input id="erase-confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
              </div>
              <button
                type="button"
                className="admin-button admin-button--danger"
                onClick={() => void erase()}
                disabled={busy || !confirm.trim()}
              >
                Erase permanently
              </button>{' '}
              <button
                type="button"
                className="admin-button admin-button--ghost"
                onClick={() => setConfirming(false)}
              >
                Cancel
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
