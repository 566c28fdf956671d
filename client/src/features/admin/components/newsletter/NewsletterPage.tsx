import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../api/client';
import {
  createIssue,
  getDigest,
  getIssue,
  getNewsletter,
  sendIssue,
  sendTest,
  updateIssue,
  type NewsletterDraft,
  type NewsletterIssue,
} from '../../api/newsletter';
import { useAdmin } from '../../session/session';
import { notify } from '@/lib/notify';
import { useResource } from '@/lib/use-resource';
import { countOf, formatDateTime, runAction, useAdminTitle } from '../hooks';
import { AsyncView, DataTable, PageHeader, StatusBadge } from '../ui';

const EMPTY: NewsletterDraft = { subject: '', body: '' };

/** Write (or start from the blog digest), save, preview, test to oneself, then send to every confirmed subscriber. */
export default function NewsletterPage() {
  useAdminTitle('Newsletter');
  const admin = useAdmin();
  const [state, reload] = useResource(getNewsletter, 'newsletter');
  const [draft, setDraft] = useState<NewsletterDraft>(EMPTY);
  const [current, setCurrent] = useState<NewsletterIssue | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const act = async <T,>(action: () => Promise<T>, success?: string): Promise<T | null> => {
    setBusy(true);
    try {
      return await runAction(action, success);
    } finally {
      setBusy(false);
    }
  };

  const open = (issue: NewsletterIssue) => {
    setCurrent(issue);
    setDraft({ subject: issue.subject, body: issue.body });
    setErrors({});
    setConfirming(false);
  };

  const startNew = () => {
    setCurrent(null);
    setDraft(EMPTY);
    setErrors({});
  };

  const digest = async () => {
    const found = await act(getDigest);
    if (found) setDraft(found);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = current ? await updateIssue(current.id, draft) : await createIssue(draft);
      setErrors({});
      open(saved);
      reload();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      else void notify(errorMessage(error, 'Failed to save the newsletter'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const test = async (issue: NewsletterIssue) => {
    const done = await act(() => sendTest(issue.id), `Test e-mail queued to ${admin.email}`);
    if (done) open(done);
  };

  const refresh = async (issue: NewsletterIssue) => {
    const fresh = await act(() => getIssue(issue.id));
    if (fresh) open(fresh);
    reload();
  };

  const send = async (issue: NewsletterIssue) => {
    const done = await act(() => sendIssue(issue.id));
    setConfirming(false);
    if (!done) return;
    void notify(`Newsletter queued for ${countOf(done.queuedNow, 'subscriber')}`, 'success');
    open(done.issue);
    reload();
  };

  const editable = !current || current.status === 'draft';

  return (
    <>
      <PageHeader title="Newsletter">
        <button type="button" className="admin-button" onClick={startNew} disabled={busy}>
          New newsletter
        </button>
      </PageHeader>
      <AsyncView state={state} onRetry={reload}>
        {(overview) => (
          <>
            <p className="admin-muted" data-testid="newsletter-audience">
              {countOf(overview.confirmedSubscribers, 'confirmed subscriber')}; sent at {overview.perMinute}{' '}
              e-mails a minute. Only addresses confirmed from the welcome e-mail receive the newsletter.
            </p>
            <section className="admin-card" aria-labelledby="newsletter-editor">
              <div className="admin-card__head">
                <h2 id="newsletter-editor">{current ? `Newsletter ${current.id}` : 'Write a newsletter'}</h2>
                {editable ? (
                  <button
                    type="button"
                    className="admin-button"
                    onClick={() => void digest()}
                    disabled={busy}
                  >
                    Start from blog digest
                  </button>
                ) : null}
              </div>
              <form onSubmit={(event) => void save(event)} noValidate>
                <div className="admin-field">
                  <label htmlFor="newsletter-subject">Subject</label>
                  <input
                    id="newsletter-subject"
                    value={draft.subject}
                    readOnly={!editable}
                    onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
                    aria-invalid={errors.subject ? true : undefined}
                    aria-describedby={errors.subject ? 'newsletter-subject-error' : undefined}
                  />
                  {errors.subject ? (
                    <p className="admin-error" id="newsletter-subject-error">
                      {errors.subject}
                    </p>
                  ) : null}
                </div>
                <div className="admin-field">
                  <label htmlFor="newsletter-body">Body (plain text)</label>
                  <textarea
                    id="newsletter-body"
                    rows={12}
                    value={draft.body}
                    readOnly={!editable}
                    onChange={(e) => setDraft({ ...draft, body: e.target.value })}
                    aria-invalid={errors.body ? true : undefined}
                    aria-describedby={errors.body ? 'newsletter-body-error' : undefined}
                  />
                  {errors.body ? (
                    <p className="admin-error" id="newsletter-body-error">
                      {errors.body}
                    </p>
                  ) : null}
                </div>
                {editable ? (
                  <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
                    Save and preview
                  </button>
                ) : (
                  <p className="admin-muted">A sent newsletter is not edited: start a new one.</p>
                )}
              </form>
            </section>
            {current ? (
              <section className="admin-card" aria-labelledby="newsletter-preview">
                <h2 id="newsletter-preview">Preview</h2>
                <dl>
                  <dt>To</dt>
                  <dd>{current.preview.to} (each confirmed subscriber)</dd>
                  <dt>Subject</dt>
                  <dd data-testid="newsletter-preview-subject">{current.preview.subject}</dd>
                  {current.preview.headers.map((h) => (
                    <div key={h.name}>
                      <dt>{h.name}</dt>
                      <dd>{h.value}</dd>
                    </div>
                  ))}
                </dl>
                <pre
                  className="admin-card"
                  data-testid="newsletter-preview-text"
                  style={{ whiteSpace: 'pre-wrap' }}
                >
                  {current.preview.text}
                </pre>
                <p data-testid="newsletter-state">
                  <StatusBadge status={current.status} /> Queued: {current.counts.queued} · Sent:{' '}
                  {current.counts.sent} · Failed: {current.counts.failed}
                  {current.sentAt
                    ? ` · first sent ${formatDateTime(current.sentAt)} by ${current.sentBy}`
                    : ''}
                </p>
                <div className="admin-page-header__actions">
                  <button
                    type="button"
                    className="admin-button"
                    onClick={() => void refresh(current)}
                    disabled={busy}
                  >
                    Refresh counts
                  </button>
                  <button
                    type="button"
                    className="admin-button"
                    onClick={() => void test(current)}
                    disabled={busy}
                  >
                    Send test to me
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--primary"
                    onClick={() => setConfirming(true)}
                    disabled={busy}
                  >
                    Send to subscribers…
                  </button>
                </div>
                {confirming ? (
                  <div role="alertdialog" aria-labelledby="newsletter-confirm" className="admin-card">
                    <h3 id="newsletter-confirm">
                      Send “{current.subject}” to{' '}
                      {countOf(overview.confirmedSubscribers, 'confirmed subscriber')}?
                    </h3>
                    <p>
                      Each subscriber gets it once: sending again later reaches only those confirmed since.
                    </p>
                    <button
                      type="button"
                      className="admin-button admin-button--primary"
                      onClick={() => void send(current)}
                      disabled={busy}
                    >
                      Send now
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
            <section className="admin-card" aria-labelledby="newsletter-issues">
              <h2 id="newsletter-issues">Newsletters</h2>
              <DataTable
                items={overview.issues}
                caption="Newsletters"
                hiddenCaption
                columns={['Subject', 'Status', 'Recipients', 'Queued', 'Sent', 'Failed', 'Created', 'Open']}
                empty="No newsletters yet."
                row={(issue) => (
                  <tr key={issue.id}>
                    <th scope="row">{issue.subject}</th>
                    <td>
                      <StatusBadge status={issue.status} />
                    </td>
                    <td>{issue.recipients}</td>
                    <td>{issue.counts.queued}</td>
                    <td>{issue.counts.sent}</td>
                    <td>{issue.counts.failed}</td>
                    <td>{formatDateTime(issue.createdAt)}</td>
                    <td>
                      <button type="button" className="admin-button" onClick={() => open(issue)}>
                        Open
                      </button>
                    </td>
                  </tr>
                )}
              />
            </section>
          </>
        )}
      </AsyncView>
    </>
  );
}
