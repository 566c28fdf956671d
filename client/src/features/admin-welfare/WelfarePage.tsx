/** /admin/welfare: the welfare cases "I need help" answers opened (open first, those nobody opened
 * within 24 hours marked), a case opened and closed with a note; the documents expiring soon and
 * the expiry watch's windows per document type (docs/welfare.md). */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  AsyncView,
  PageHeader,
  formatDate,
  formatDateTime,
  runAction,
  useAdminTitle,
} from '@/features/admin-shell';
import { useResource } from '@/lib/use-resource';
import { CasePanel } from './CasePanel';
import { ExpiryWindowsForm } from './ExpiryWindowsForm';
import { getExpiring, listCases, openCase, ordered, type WelfareCase } from './api/welfare';

const KIND_LABELS: Record<string, string> = {
  passport: 'Passport',
  medical: 'Medical',
  police_clearance: 'Police clearance',
  visa: 'Visa / work permit',
};

export function CaseState({ shown }: { shown: WelfareCase }) {
  if (shown.closedAt) return <span className="admin-status admin-status--closed">Closed</span>;
  if (shown.flagged) return <span className="admin-status admin-status--failed">Not opened in 24 h</span>;
  return (
    <span className="admin-status admin-status--open">
      {shown.openedAt ? 'Open (opened)' : 'Open (not opened)'}
    </span>
  );
}

function CasesTable({ cases, onOpen }: { cases: WelfareCase[]; onOpen: (shown: WelfareCase) => void }) {
  if (!cases.length) return <p className="admin-empty">No welfare cases.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Welfare cases, open first</caption>
        <thead>
          <tr>
            <th scope="col">Answered</th>
            <th scope="col">Applicant</th>
            <th scope="col">Message</th>
            <th scope="col">Owner</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered(cases).map((k) => (
            <tr key={k.id} data-testid={`case-${k.id}`}>
              <td>{formatDateTime(k.createdAt)}</td>
              <th scope="row">
                <Link to={`/admin/applications/${encodeURIComponent(k.applicationId)}`}>
                  {k.applicationId}
                </Link>
              </th>
              <td>{k.message || <span className="admin-muted">(no message)</span>}</td>
              <td>{k.ownerName || 'Nobody'}</td>
              <td>
                <CaseState shown={k} />
              </td>
              <td>
                <button
                  type="button"
                  className="admin-button admin-button--small"
                  aria-label={`Open case ${k.id} of ${k.applicationId}`}
                  onClick={() => onOpen(k)}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ExpiringCard() {
  const [state, reload] = useResource((signal) => getExpiring(signal), 'welfare-expiring');
  return (
    <section className="admin-card" aria-labelledby="expiring-heading">
      <h2 id="expiring-heading">Documents expiring soon</h2>
      <AsyncView state={state} onRetry={reload}>
        {(list) =>
          list.documents.length ? (
            <ul>
              {list.documents.map((d) => (
                <li key={`${d.applicationId}:${d.kind}`}>
                  <Link to={`/admin/applications/${encodeURIComponent(d.applicationId)}`}>
                    {d.applicantName}
                  </Link>
                  {`: ${KIND_LABELS[d.kind] ?? d.kind} expires ${formatDate(d.expiresOn)}`}
                  {d.ownerName ? ` (owner ${d.ownerName})` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-muted">No documents expiring soon.</p>
          )
        }
      </AsyncView>
    </section>
  );
}

export default function WelfarePage() {
  useAdminTitle('Welfare');
  const [params, setParams] = useSearchParams();
  const all = params.get('all') === '1';
  const [state, reload] = useResource((signal) => listCases(!all, signal), `welfare-cases:${all}`);
  const [shown, setShown] = useState<WelfareCase | null>(null);

  const onOpen = async (k: WelfareCase) => {
    const opened = k.closedAt ? k : await runAction(() => openCase(k.id));
    if (opened) setShown(opened);
    if (opened && !k.openedAt) reload();
  };
  const onClosed = (closed: WelfareCase) => {
    setShown(closed);
    reload();
  };

  return (
    <>
      <PageHeader title="Welfare">
        <Link className="admin-button admin-button--ghost" to="/admin/pipeline">
          Pipeline board
        </Link>
      </PageHeader>
      <section className="admin-card" aria-labelledby="cases-heading">
        <h2 id="cases-heading">Welfare cases</h2>
        <div className="admin-tabs" role="group" aria-label="Which cases">
          <button type="button" aria-pressed={!all} onClick={() => setParams({})}>
            Open cases
          </button>
          <button type="button" aria-pressed={all} onClick={() => setParams({ all: '1' })}>
            All cases
          </button>
        </div>
        <AsyncView state={state} onRetry={reload}>
          {(answer) => (
            <>
              <p data-testid="case-counts">
                {answer.open} open
                {answer.flagged ? `, ${answer.flagged} not opened in 24 h` : ''}
              </p>
              <CasesTable cases={answer.cases} onOpen={(k) => void onOpen(k)} />
            </>
          )}
        </AsyncView>
      </section>
      {shown ? (
        <CasePanel key={shown.id} shown={shown} onClosed={onClosed} onDone={() => setShown(null)} />
      ) : null}
      <ExpiringCard />
      <ExpiryWindowsForm />
    </>
  );
}
