import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { getBulk, type BulkAction } from './api/bulk';
import {
  formatDateTime,
  humanize,
  useAdminTitle,
  BackLink,
  DataTable,
  RecordPage,
  StatusBadge,
  useAdminQuery,
} from '@/features/admin-shell';
import './bulk.css';

const REFRESH_MS = 2000;

/** A bulk action's result: how many of its messages wait, were sent, delivered, failed or were withdrawn by the undo. */
export default function BulkResultPage() {
  const { bulkId = '' } = useParams();
  useAdminTitle(`Bulk action ${bulkId}`);
  const [state, reload] = useAdminQuery({
    key: ['bulk', bulkId],
    load: (signal) => getBulk(bulkId, signal),
  });
  const [latest, setLatest] = useState<BulkAction | null>(null);
  const shown = latest ?? (state.status === 'success' ? state.data : null);
  const waiting = shown !== null && shown.pending > 0;
  useEffect(() => {
    // Refreshed in place (no loading state) while messages wait in the outbox.
    if (!waiting) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getBulk(bulkId, controller.signal).then(setLatest, () => undefined);
    }, REFRESH_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [waiting, shown, bulkId]);
  return (
    <RecordPage
      back={<BackLink to="/admin/applications" label="All applications" />}
      state={state}
      onRetry={reload}
      shown={(loaded) => latest ?? loaded}
      title={(bulk) =>
        bulk.kind === 'message' ? 'Message to many' : `Moved to ${humanize(bulk.status ?? '')}`
      }
    >
      {(bulk) => (
        <>
          <p className="admin-muted">
            {bulk.bulkId}, by {bulk.actor}, {formatDateTime(bulk.createdAt)} ({bulk.selection})
          </p>
          {bulk.text ? <blockquote className="bulk-sms">{bulk.text}</blockquote> : null}
          <section className="admin-card" aria-labelledby="bulk-counts-title">
            <h2 id="bulk-counts-title">Messages</h2>
            <dl className="bulk-counts" aria-live="polite">
              <div>
                <dt>Waiting</dt>
                <dd data-testid="count-pending">{bulk.pending}</dd>
              </div>
              <div>
                <dt>Sent</dt>
                <dd data-testid="count-sent">{bulk.sent}</dd>
              </div>
              <div>
                <dt>Delivered</dt>
                <dd data-testid="count-delivered">{bulk.delivered}</dd>
              </div>
              <div>
                <dt>Failed</dt>
                <dd data-testid="count-failed">{bulk.failed}</dd>
              </div>
              <div>
                <dt>Withdrawn</dt>
                <dd data-testid="count-withdrawn">{bulk.withdrawn}</dd>
              </div>
              <div>
                <dt>Left out</dt>
                <dd data-testid="count-refused">{bulk.refused}</dd>
              </div>
            </dl>
            <p className="admin-muted admin-small">
              Sent: accepted by the SMS gateway, no delivery report yet. Delivered and failed: as the gateway
              reported (failed also counts messages the outbox gave up on). Withdrawn: taken back by the undo
              before they went.
            </p>
          </section>
          <section className="admin-card">
            <DataTable
              items={bulk.items}
              caption="Recipients"
              columns={['Application', 'SMS', 'Note']}
              empty="Nobody was selected."
              row={(item) => (
                <tr key={item.applicationId}>
                  <th scope="row">
                    <Link to={`/admin/applications/${encodeURIComponent(item.applicationId)}`}>
                      {item.applicationId}
                    </Link>
                  </th>
                  <td>{item.delivery ? <StatusBadge status={item.delivery} /> : '—'}</td>
                  <td>{item.error}</td>
                </tr>
              )}
            />
          </section>
        </>
      )}
    </RecordPage>
  );
}
