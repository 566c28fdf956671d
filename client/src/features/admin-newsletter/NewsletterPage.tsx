import { useFormik, type FormikProps } from 'formik';
import { useState } from 'react';
import {
  errorMessage,
  fieldErrors,
  useAdmin,
  countOf,
  formatDateTime,
  runAction,
  useAdminTitle,
  useFollow,
  AsyncView,
  DataTable,
  PageHeader,
  StatusBadge,
  useAdminQuery,
} from '@/features/admin-shell';
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
} from './api/newsletter';
import { notify } from '@/lib/notify';

const EMPTY: NewsletterDraft = { subject: '', body: '' };

function NewsletterEditor({
  form,
  current,
  editable,
  busy,
  onDigest,
}: {
  form: FormikProps<NewsletterDraft>;
  current: NewsletterIssue | null;
  editable: boolean;
  busy: boolean;
  onDigest: () => void;
}) {
  return (
    <section className="admin-card" aria-labelledby="newsletter-editor">
      <div className="admin-card__head">
        <h2 id="newsletter-editor">{current ? `Newsletter “${current.subject}”` : 'Write a newsletter'}</h2>
        {editable ? (
          <button type="button" className="admin-button" onClick={onDigest} disabled={busy}>
            Start from blog digest
          </button>
        ) : null}
      </div>
      <form onSubmit={form.handleSubmit} noValidate>
        <div className="admin-field">
          <label htmlFor="newsletter-subject">Subject</label>
          <input
            id="newsletter-subject"
            value={form.values.subject}
            readOnly={!editable}
            onChange={(e) => void form.setFieldValue('subject', e.target.value)}
            aria-invalid={form.errors.subject ? true : undefined}
            aria-describedby={form.errors.subject ? 'newsletter-subject-error' : undefined}
          />
          {form.errors.subject ? (
            <p className="admin-error" id="newsletter-subject-error">
              {form.errors.subject}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor="newsletter-body">Body (plain text)</label>
          <textarea
            id="newsletter-body"
            rows={12}
            value={form.values.body}
            readOnly={!editable}
            onChange={(e) => void form.setFieldValue('body', e.target.value)}
            aria-invalid={form.errors.body ? true : undefined}
            aria-describedby={form.errors.body ? 'newsletter-body-error' : undefined}
          />
          {form.errors.body ? (
            <p className="admin-error" id="newsletter-body-error">
              {form.errors.body}
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
  );
}

function IssuePreview({
  current,
  confirmedSubscribers,
  busy,
  confirming,
  setConfirming,
  onRefresh,
  onTest,
  onSend,
}: {
  current: NewsletterIssue;
  confirmedSubscribers: number;
  busy: boolean;
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
  onRefresh: () => void;
  onTest: () => void;
  onSend: () => void;
}) {
  return (
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
      <pre className="admin-card" data-testid="newsletter-preview-text" style={{ whiteSpace: 'pre-wrap' }}>
        {current.preview.text}
      </pre>
      <p data-testid="newsletter-state">
        <StatusBadge status={current.status} /> Queued: {current.counts.queued} · Sent: {current.counts.sent}{' '}
        · Failed: {current.counts.failed}
        {current.sentAt ? ` · first sent ${formatDateTime(current.sentAt)} by ${current.sentBy}` : ''}
      </p>
      <div className="admin-page-header__actions">
        <button type="button" className="admin-button" onClick={onRefresh} disabled={busy}>
          Refresh counts
        </button>
        <button type="button" className="admin-button" onClick={onTest} disabled={busy}>
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
            Send “{current.subject}” to {countOf(confirmedSubscribers, 'confirmed subscriber')}?
          </h3>
          <p>Each subscriber gets it once: sending again later reaches only those confirmed since.</p>
          <button
            type="button"
            className="admin-button admin-button--primary"
            onClick={onSend}
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
  );
}

function IssuesTable({
  issues,
  onOpen,
}: {
  issues: NewsletterIssue[];
  onOpen: (issue: NewsletterIssue) => void;
}) {
  return (
    <section className="admin-card" aria-labelledby="newsletter-issues">
      <h2 id="newsletter-issues">Newsletters</h2>
      <DataTable
        items={issues}
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
              <button type="button" className="admin-button" onClick={() => onOpen(issue)}>
                Open
              </button>
            </td>
          </tr>
        )}
      />
    </section>
  );
}

/** Write (or start from the blog digest), save, preview, test to oneself, then send to every confirmed subscriber. */
export default function NewsletterPage() {
  useAdminTitle('Newsletter');
  const admin = useAdmin();
  const [state, reload] = useAdminQuery({ key: ['newsletter'], load: getNewsletter });
  const [current, setCurrent] = useState<NewsletterIssue | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The server checks the draft (no rule of its own in rules.json): its 422 messages go on the fields.
  const form = useFormik<NewsletterDraft>({
    initialValues: EMPTY,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (draft, helpers) => {
      setBusy(true);
      try {
        const saved = current ? await updateIssue(current.id, draft) : await createIssue(draft);
        open(saved);
        reload();
      } catch (error) {
        const fields = fieldErrors(error);
        if (fields) helpers.setErrors(fields);
        else void notify(errorMessage(error, 'Failed to save the newsletter'), 'error');
      } finally {
        setBusy(false);
      }
    },
  });

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
    form.resetForm({ values: { subject: issue.subject, body: issue.body } });
    setConfirming(false);
  };

  const startNew = () => {
    setCurrent(null);
    form.resetForm({ values: EMPTY });
  };

  const digest = async () => {
    const found = await act(getDigest);
    if (found) void form.setValues(found, false);
  };

  const test = async (issue: NewsletterIssue) => {
    const done = await act(() => sendTest(issue.id), `Test e-mail queued to ${admin.email}`);
    if (done) open(done);
  };

  // The counts move as the outbox sends: read the issue again until none is left queued.
  const follow = useFollow(
    (issue: NewsletterIssue) => getIssue(issue.id),
    (issue: NewsletterIssue) => issue.counts.queued === 0,
    (issue: NewsletterIssue) => {
      setCurrent((shown) => (shown?.id === issue.id ? issue : shown));
      if (issue.counts.queued === 0) reload(); // the list's counts too, once final
    },
  );

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
    follow(done.issue);
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
            <NewsletterEditor
              form={form}
              current={current}
              editable={editable}
              busy={busy}
              onDigest={() => void digest()}
            />
            {current ? (
              <IssuePreview
                current={current}
                confirmedSubscribers={overview.confirmedSubscribers}
                busy={busy}
                confirming={confirming}
                setConfirming={setConfirming}
                onRefresh={() => void refresh(current)}
                onTest={() => void test(current)}
                onSend={() => void send(current)}
              />
            ) : null}
            <IssuesTable issues={overview.issues} onOpen={open} />
          </>
        )}
      </AsyncView>
    </>
  );
}
