import { useState } from 'react';
import { constants } from '@/config/rules';
import { listAppointments, setAppointmentStatus } from '../api/endpoints';
import type { Appointment } from '../api/types';
import { formatDate, runAction, useAdminQuery, useAdminTitle } from './hooks';
import { AsyncView, EmptyRow, PageHeader, Pagination, StatusBadge } from './ui';

const PAGE_SIZE = 20;
const serviceLabel = (value: string) => constants.serviceTypeLabels[value] ?? value;

export default function AppointmentsPage() {
  useAdminTitle('Appointments');
  const [status, setStatus] = useState('booked');
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery(
    (signal) => listAppointments(status, page, PAGE_SIZE, signal),
    `appointments:${status}:${page}`,
  );
  const [changed, setChanged] = useState<Record<string, Appointment>>({});

  const mark = async (appointment: Appointment, next: 'done' | 'cancelled') => {
    const updated = await runAction(
      () => setAppointmentStatus(appointment.reference, next),
      next === 'done' ? 'Appointment marked done' : 'Appointment cancelled',
    );
    if (updated) setChanged((current) => ({ ...current, [updated.reference]: updated }));
  };

  return (
    <>
      <PageHeader title="Appointments" />
      <div className="admin-tabs" role="group" aria-label="Filter appointments by status">
        {[
          ['booked', 'Booked'],
          ['done', 'Done'],
          ['cancelled', 'Cancelled'],
          ['', 'All'],
        ].map(([value, label]) => (
          <button
            key={label}
            type="button"
            className="admin-button admin-button--small"
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value ?? '');
              setPage(1);
              setChanged({});
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <section className="admin-card">
            <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Table, scrolls sideways on small screens">
              <table className="admin-table">
                <caption>
                  {data.total} appointment{data.total === 1 ? '' : 's'}, by preferred date
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Date and time</th>
                    <th scope="col">Client</th>
                    <th scope="col">Service</th>
                    <th scope="col">Country</th>
                    <th scope="col">Message</th>
                    <th scope="col">Status</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 ? (
                    <EmptyRow colSpan={7} text="No appointments." />
                  ) : (
                    data.items.map((original) => {
                      const item = changed[original.reference] ?? original;
                      return (
                        <tr key={item.reference}>
                          <th scope="row">
                            {formatDate(item.preferredDate)}
                            <div>{item.preferredTime}</div>
                            <div className="admin-muted admin-small">{item.reference}</div>
                          </th>
                          <td>
                            <div>{item.fullName}</div>
                            <div className="admin-small">
                              <a href={`mailto:${item.email}`}>{item.email}</a>
                            </div>
                            <div className="admin-small">
                              <a href={`tel:${item.phone}`}>{item.phone}</a>
                            </div>
                          </td>
                          <td>{serviceLabel(item.serviceType)}</td>
                          <td>{item.countryOfInterest || '—'}</td>
                          <td className="admin-small">{item.message || '—'}</td>
                          <td>
                            <StatusBadge status={item.status} />
                          </td>
                          <td>
                            {item.status === 'booked' ? (
                              <div className="admin-actions">
                                <button
                                  type="button"
                                  className="admin-button admin-button--small admin-button--primary"
                                  aria-label={`Mark ${item.reference} done`}
                                  onClick={() => void mark(item, 'done')}
                                >
                                  Done
                                </button>
                                <button
                                  type="button"
                                  className="admin-button admin-button--small admin-button--danger"
                                  aria-label={`Cancel ${item.reference}`}
                                  onClick={() => void mark(item, 'cancelled')}
                                >
                                  Cancel
                                </button>
                              </div>
                            ) : (
                              '—'
                            )}
                          </td>
                        </tr>
                      );
                    })
                  )}
                </tbody>
              </table>
            </div>
            <Pagination label="Appointments" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </section>
        )}
      </AsyncView>
    </>
  );
}
